import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The console's security headers (CSP, HSTS, frame and referrer rules… from helmet), worked out once
 * at start and set on every answer. They depend on nothing of the request (no CSP nonces), so
 * building helmet's middleware per request — which @fastify/helmet does, parsing the CSP directives
 * every time (about 5 % of a signed-in read's CPU, issue 8) — buys nothing.
 */
export const SECURITY_HEADER_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Cloudscape sets style attributes at runtime; no inline scripts are allowed.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets with these options, as name → value, by running its middleware once. */
export function securityHeaders(options: Readonly<HelmetOptions> = SECURITY_HEADER_OPTIONS): ReadonlyArray<readonly [string, string]> {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]);
      return response;
    },
    removeHeader() {},
  };
  helmet(options as HelmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * A JSON answer's security headers (OWASP REST Security Cheat Sheet, "Security headers"): what still
 * acts on a response that is never a document the browser renders or runs. A CSP that lets it load
 * and run nothing and be framed nowhere (docs/security.md V3.4.3: a CSP on every answer), nosniff (a
 * JSON body is never read as HTML or script), HSTS, X-Frame-Options, and Cross-Origin-Resource-Policy
 * (no cross-site `no-cors` read of it). The rest of helmet's set — Cross-Origin-Opener-Policy,
 * Origin-Agent-Cluster, Referrer-Policy, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection — governs a document's own behaviour (its
 * window, its outgoing links and fetches, legacy IE and Flash) and does nothing on JSON; each costs a
 * header set and validated on every API answer (issue 8). docs/decisions.md "Security headers of a
 * JSON answer".
 */
export const JSON_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
const JSON_ANSWER_HEADERS = ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'cross-origin-resource-policy'] as const;

export function jsonSecurityHeaders(page: ReadonlyArray<readonly [string, string]> = securityHeaders()): ReadonlyArray<readonly [string, string]> {
  const pageValues = new Map(page);
  return [
    ['content-security-policy', JSON_CONTENT_SECURITY_POLICY],
    ...JSON_ANSWER_HEADERS.map((name) => {
      const value = pageValues.get(name);
      if (value === undefined) throw new Error(`security headers: helmet no longer sets ${name}`);
      return [name, value] as const;
    }),
  ];
}

/** Whether an answer is the API's JSON (every /api/ path but the OpenAPI reference's pages). */
export const answersJson = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * One onRequest hook, first of ours: pages, assets, the product proxy and the OpenAPI reference get
 * helmet's whole set; API answers (successes, refusals, 404s and 405s alike, decided by the path
 * before any other hook can refuse the call) get the JSON set and `cache-control: no-store` — which a
 * route that may be cached says otherwise about by setting its own (docs/security.md; the answers
 * carry personal and tenant data, and the back button must not show them after sign-out).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const page = securityHeaders();
  const json = [...jsonSecurityHeaders(page), ['cache-control', 'no-store'] as const];
  const apiPage = [...page, ['cache-control', 'no-store'] as const];
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    const headers = answersJson(url) ? json : url.startsWith('/api/') ? apiPage : page;
    for (let i = 0; i < headers.length; i++) reply.header(headers[i]![0], headers[i]![1]);
    done();
  });
}
