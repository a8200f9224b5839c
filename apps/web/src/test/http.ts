import type { Callable, ResponseOf } from '@console/contracts/endpoint';
import type { ErrorBody } from '@console/contracts/envelope';
import { vi } from 'vitest';

/** The network as the console sees it: fetch, answered by handlers typed from the contracts. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body: unknown;
  readonly credentials: RequestCredentials | undefined;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** A successful answer of an endpoint: its body fields next to the envelope header. */
export function ok<E extends Callable>(_endpoint: E, body: ResponseOf<E>): Response {
  return Response.json({ header: { isSuccessful: true, resultCode: 0, resultMessage: 'SUCCESS' }, ...body });
}

/** A failed answer: the error envelope of the spec. */
export function fail(status: number, body: Omit<ErrorBody, 'header'> & { resultCode: number | string; resultMessage?: string }) {
  const { resultCode, resultMessage = 'failed', ...rest } = body;
  const envelope: ErrorBody = { header: { isSuccessful: false, resultCode, resultMessage }, ...rest };
  return Response.json(envelope, { status });
}

/**
 * Replaces fetch with a router of `METHOD path` → handler. Unhandled calls answer 404 so a test
 * notices them in `requests`.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: RecordedRequest = { method, url, headers: new Headers(init.headers), body, credentials: init.credentials };
    requests.push(request);
    if (init.signal?.aborted) throw init.signal.reason ?? new DOMException('aborted', 'AbortError');
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return fail(404, { resultCode: 10404, resultMessage: `no handler for ${method} ${url.pathname}` });
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
