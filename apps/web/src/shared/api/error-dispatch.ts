import type { ApiError } from './api-error.ts';
import type { ErrorRouteAction } from './error-route.ts';

export type ErrorRouteHandler = (action: Exclude<ErrorRouteAction, { kind: 'stay' }>, error: ApiError) => void;

let handler: ErrorRouteHandler | undefined;

/** The app registers how routing actions are carried out (navigation, modal). Returns an unregister. */
export function setErrorRouteHandler(next: ErrorRouteHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = undefined;
  };
}

export function dispatchErrorRoute(action: ErrorRouteAction, error: ApiError): void {
  if (action.kind === 'stay') return;
  handler?.(action, error);
}

/**
 * Actions held back while a query may still retry (a 5xx or a network error): the query cache
 * carries them out when the query has failed for good.
 */
const deferred = new WeakMap<ApiError, ErrorRouteAction>();

export function deferErrorRoute(error: ApiError, action: ErrorRouteAction): void {
  deferred.set(error, action);
}

export function dispatchDeferredErrorRoute(error: unknown): void {
  if (typeof error !== 'object' || error === null) return;
  const action = deferred.get(error as ApiError);
  if (!action) return;
  deferred.delete(error as ApiError);
  dispatchErrorRoute(action, error as ApiError);
}
