import { CSRF_COOKIE, CSRF_HEADER, HEADERS } from '@console/contracts/headers';
import type { Callable, ResponseOf } from '@console/contracts/endpoint';
import { errorBodyOf } from '../../shared/api/answer-guards.ts';
import { ApiError } from '../../shared/api/api-error.ts';
import { buildUrl } from '../../shared/api/client.ts';
import { callDeadline } from '../../shared/api/deadline.ts';
import { dispatchErrorRoute } from '../../shared/api/error-dispatch.ts';
import { decideErrorRoute } from '../../shared/api/error-route.ts';
import { projectIdFromPath, requestContext } from '../../shared/api/request-context.ts';
import { readCookie } from '../../shared/lib/cookies.ts';

/**
 * The two calls `callApi` does not make: a spreadsheet sent as the raw request body
 * (application/octet-stream, its name in `?fileName=`; docs/decisions.md "Batch registration") and
 * a spreadsheet answered as a file. Same headers, timeout, error envelope and error routing.
 */
interface TransferInput {
  readonly params: Record<string, string>;
  readonly query?: Record<string, string>;
  /** A File or Blob is sent as is; anything else as JSON. */
  readonly body?: unknown;
}

function headersOf(endpoint: Callable, params: Record<string, string>, body: unknown): Headers {
  const context = requestContext.get();
  const headers = new Headers({ accept: 'application/json' });
  if (body instanceof Blob) headers.set('content-type', 'application/octet-stream');
  else if (body !== undefined) headers.set('content-type', 'application/json');
  headers.set(HEADERS.region, context.regionCode);
  headers.set(HEADERS.lang, context.locale);
  // The project of the call (project member imports), else the one of the current path.
  const projectId = params.projectId ?? projectIdFromPath(window.location.pathname);
  if (projectId) headers.set(HEADERS.projectId, projectId);
  if (endpoint.method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers.set(CSRF_HEADER, csrf);
  }
  return headers;
}

async function send(endpoint: Callable, input: TransferInput): Promise<Response> {
  const deadline = callDeadline();
  const { body } = input;
  try {
    return await fetch(buildUrl(endpoint, input.params, input.query), {
      method: endpoint.method,
      headers: headersOf(endpoint, input.params, body),
      body: body === undefined ? null : body instanceof Blob ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: deadline.signal,
    });
  } catch (cause) {
    throw routed(deadline.failure(cause), endpoint);
  } finally {
    deadline.done();
  }
}

function routed(error: ApiError, endpoint: Callable): ApiError {
  dispatchErrorRoute(decideErrorRoute(error, endpoint, `${window.location.pathname}${window.location.search}`), error);
  return error;
}

async function failure(response: Response, endpoint: Callable): Promise<ApiError> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text()) as unknown;
  } catch {
    body = undefined;
  }
  const errorBody = errorBodyOf(body);
  const requestId = response.headers.get(HEADERS.requestId);
  const error = errorBody
    ? ApiError.fromBody(response.status, errorBody, requestId)
    : new ApiError({ kind: 'response', httpStatus: response.status, message: response.statusText || `HTTP ${response.status}` });
  return routed(error, endpoint);
}

/** Sends a file as the raw body and answers the call's typed JSON (the envelope unwrapped). */
export async function uploadFile<E extends Callable>(endpoint: E, params: Record<string, string>, file: File): Promise<ResponseOf<E>> {
  const response = await send(endpoint, { params, query: { fileName: file.name }, body: file });
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = undefined;
  }
  const header = (body as { header?: { isSuccessful?: unknown } } | undefined)?.header;
  if (!response.ok || header?.isSuccessful !== true) throw await failure(response, endpoint);
  // Not parsed again: the server sent it through the call's response schema (as callApi).
  const { header: _header, ...fields } = body as Record<string, unknown>;
  return fields as ResponseOf<E>;
}

/** The file name of a Content-Disposition header, if any. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Calls an endpoint that answers a file (the .xlsx template and reports) and saves it. Answers the saved name. */
export async function downloadFile(endpoint: Callable, input: { params: Record<string, string>; body?: unknown }, fallbackName: string): Promise<string> {
  const response = await send(endpoint, input);
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('json')) throw await failure(response, endpoint);
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  saveFile(await response.blob(), name);
  return name;
}
