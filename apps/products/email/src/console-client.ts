/**
 * The product's calls to the console, as any outside product makes them: the Appkey check, mail
 * through the console's mail platform, and the two ingestion calls — all with X-Appkey and
 * X-Secret-Key (docs/products.md, docs/ingestion.md).
 */
export const PRODUCT_ID = 'email';
/** The organization service the same process serves: Email Insights (its page /org, docs/products.md). */
export const ORG_PRODUCT_ID = 'email-insights';

export interface Identity {
  appKey: string;
  keyType: 'SERVICE' | 'PROJECT';
  orgId: string;
  projectId: string;
  productId: string;
}

/** What the console answered, when it was not a success. */
export class ConsoleRefusal extends Error {
  readonly status: number;
  readonly resultCode: number | string | undefined;
  constructor(status: number, resultCode: number | string | undefined, message: string) {
    super(message);
    this.status = status;
    this.resultCode = resultCode;
  }
  /** The pair itself was refused (wrong, unknown or stopped key): 401. */
  get keyRefused() {
    return this.status === 401;
  }
}

export interface ConsoleClient {
  verify(appKey: string, secretKey: string): Promise<Identity>;
  sendMail(
    appKey: string,
    secretKey: string,
    mail: { replyTo?: string; subject: string; locale: string; messages: { to: string; text: string; html: string }[] },
  ): Promise<{ accepted: number }>;
  ingest(appKey: string, secretKey: string, kind: 'SAMPLES' | 'USAGE', items: unknown[]): Promise<unknown>;
}

export function createConsoleClient(consoleUrl: string, options: { timeoutMs?: number } = {}): ConsoleClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  async function call<T>(path: string, appKey: string, secretKey: string, body: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${consoleUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appkey': appKey, 'x-secret-key': secretKey, lang: 'en_US' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ConsoleRefusal(0, undefined, `console unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    let parsed: { header?: { isSuccessful?: boolean; resultCode?: number | string; resultMessage?: string } } & Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text);
    } catch {
      // not the envelope (a proxy's page): the status says enough
    }
    if (!response.ok || parsed.header?.isSuccessful === false) {
      throw new ConsoleRefusal(response.status, parsed.header?.resultCode, parsed.header?.resultMessage ?? `HTTP ${response.status}`);
    }
    return parsed as T;
  }
  return {
    verify: (appKey, secretKey) => call<Identity>('/api/cab/v1/appkeys/verify', appKey, secretKey, { productId: PRODUCT_ID }),
    sendMail: (appKey, secretKey, mail) => call('/api/cab/v1/product-mail', appKey, secretKey, { productId: PRODUCT_ID, ...mail }),
    ingest: (appKey, secretKey, kind, items) =>
      kind === 'SAMPLES'
        ? call('/api/metrics/v1/ingest/samples', appKey, secretKey, { samples: items })
        : call('/api/metrics/v1/ingest/usage', appKey, secretKey, { records: items }),
  };
}
