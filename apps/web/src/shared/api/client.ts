import { buildUrl, type BodyOf, type Callable, type ParamsOf, type QueryOf, type ResponseOf } from '@console/contracts/endpoint';
import { CSRF_COOKIE, CSRF_HEADER, HEADERS } from '@console/contracts/headers';
import { readCookie } from '../lib/cookies.ts';
import { errorBodyOf } from './answer-guards.ts';
import { ApiError } from './api-error.ts';
import { callDeadline } from './deadline.ts';
import { deferErrorRoute, dispatchErrorRoute } from './error-dispatch.ts';
import { decideErrorRoute } from './error-route.ts';
import { permissionDetailsOf } from './permission-details.ts';
import { projectIdFromPath, requestContext } from './request-context.ts';
import { isRetryableError } from './retry.ts';

type Empty<T> = unknown extends T ? true : false;
type AllOptional<T> = {} extends T ? true : false;

type ParamsInput<E> =
  Empty<ParamsOf<E>> extends true ? { readonly params?: undefined } : { readonly params: ParamsOf<E> };
type QueryInput<E> =
  Empty<QueryOf<E>> extends true
    ? { readonly query?: undefined }
    : AllOptional<QueryOf<E>> extends true
      ? { readonly query?: QueryOf<E> }
      : { readonly query: QueryOf<E> };
type BodyInput<E> =
  Empty<BodyOf<E>> extends true
    ? { readonly body?: undefined }
    : AllOptional<BodyOf<E>> extends true
      ? { readonly body?: BodyOf<E> }
      : { readonly body: BodyOf<E> };

export interface CallOptions {
  /** Sent as the project-id header; defaults to the project of the current path. */
  readonly projectId?: string | undefined;
  /** Overrides the selected region for this call. */
  readonly regionCode?: string | undefined;
  /** Asks the server for these fields only (field-filter header). */
  readonly fieldFilter?: string | undefined;
  /** Sends `cache-control: no-cache` so cached answers are bypassed. */
  readonly noCache?: boolean | undefined;
  readonly signal?: AbortSignal | undefined;
  /**
   * Set by query functions: routing of errors that may still be retried waits until the query
   * has failed for good (the query cache carries it out).
   */
  readonly inQuery?: boolean | undefined;
  /** `false` keeps every error with the caller (calls whose failure must not move the user). */
  readonly routeErrors?: boolean | undefined;
  /**
   * Result codes the caller shows itself (a page that explains "no permission for this project"
   * instead of being sent home); every other failure is routed as usual.
   */
  readonly keepErrorCodes?: readonly string[] | undefined;
}

export type CallInput<E extends Callable> = ParamsInput<E> & QueryInput<E> & BodyInput<E> & CallOptions;
type CallArgs<E extends Callable> = AllOptional<CallInput<E>> extends true ? [input?: CallInput<E>] : [input: CallInput<E>];

export { buildUrl, toSearchParams } from '@console/contracts/endpoint';

function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function buildHeaders(endpoint: Callable, options: CallOptions, hasBody: boolean): Headers {
  const context = requestContext.get();
  const headers = new Headers({ accept: 'application/json' });
  if (hasBody) headers.set('content-type', 'application/json');
  headers.set(HEADERS.region, options.regionCode ?? context.regionCode);
  headers.set(HEADERS.lang, context.locale);
  const projectId = options.projectId ?? projectIdFromPath(window.location.pathname);
  if (projectId) headers.set(HEADERS.projectId, projectId);
  if (options.fieldFilter) headers.set(HEADERS.fieldFilter, options.fieldFilter);
  if (options.noCache) headers.set(HEADERS.cacheControl, 'no-cache');
  if (endpoint.method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers.set(CSRF_HEADER, csrf);
  }
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function fail(error: ApiError, endpoint: Callable, options: CallOptions): never {
  const kept = error.code !== undefined && options.keepErrorCodes?.includes(error.code) === true;
  if (options.routeErrors !== false && !kept) {
    const action = decideErrorRoute(error, endpoint, currentUrl());
    if (action.kind !== 'stay') {
      if (options.inQuery && isRetryableError(error)) deferErrorRoute(error, action);
      else dispatchErrorRoute(action, error);
    }
  }
  throw error;
}

/**
 * Calls one endpoint of the contracts (the endpoint or its schema-free ref,
 * `@console/contracts/refs/<module>`): fills the path, sends the console headers (region, lang,
 * project, CSRF), times out after 60 s, unwraps the envelope and answers the typed body. Failures
 * throw an `ApiError`, after the spec §8 routing (login, error pages, permission modal).
 *
 * A successful answer is not parsed again: the server sends every answer through the endpoint's
 * response schema (its serializer), so the body is already of that shape; an answer that is not
 * an envelope at all is an `invalid-response` (docs/decisions.md, "First paint: the web's
 * contracts without zod").
 */
export async function callApi<E extends Callable>(endpoint: E, ...[input]: CallArgs<E>): Promise<ResponseOf<E>> {
  const options: CallInput<E> = input ?? ({} as CallInput<E>);
  const hasBody = options.body !== undefined && endpoint.method !== 'GET';
  const url = buildUrl(endpoint, options.params, options.query);

  const deadline = callDeadline(options.signal);

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers: buildHeaders(endpoint, options, hasBody),
      body: hasBody ? JSON.stringify(options.body) : null,
      credentials: 'same-origin',
      signal: deadline.signal,
    });
    body = await readJson(response);
  } catch (cause) {
    // The caller gave up (a query no longer wanted): its own abort, not an error to show.
    if (options.signal?.aborted && !deadline.timedOut()) throw cause;
    return fail(deadline.failure(cause), endpoint, options);
  } finally {
    deadline.done();
  }

  const requestId = response.headers.get(HEADERS.requestId);
  const header: unknown = (body as { header?: unknown } | undefined)?.header;
  const isEnvelope = typeof header === 'object' && header !== null;
  if (!response.ok || (isEnvelope && (header as { isSuccessful?: unknown }).isSuccessful !== true)) {
    const errorBody = errorBodyOf(body);
    const error = errorBody
      ? ApiError.fromBody(response.status, errorBody, requestId, permissionDetailsOf(body))
      : new ApiError({
          kind: 'response',
          httpStatus: response.status,
          message: response.statusText || `HTTP ${response.status}`,
          requestId: requestId ?? undefined,
        });
    return fail(error, endpoint, options);
  }

  if (!isEnvelope) {
    return fail(
      new ApiError({
        kind: 'invalid-response',
        httpStatus: response.status,
        message: `unexpected answer of ${endpoint.id}`,
        requestId: requestId ?? undefined,
      }),
      endpoint,
      options,
    );
  }
  // The body fields without the header, as the endpoint's response schema reads them.
  const { header: _header, ...fields } = body as Record<string, unknown>;
  return fields as ResponseOf<E>;
}

/**
 * The options of a call made by a TanStack Query `queryFn`: the query's abort signal, and routing
 * of retryable errors held back until the query has failed for good.
 * `queryFn: (context) => callApi(endpoint, { params, ...fromQuery(context) })`
 */
export const fromQuery = ({ signal }: { signal: AbortSignal }) => ({ signal, inQuery: true }) as const;
