import { API_TIMEOUT_MS } from '@console/contracts/headers';
import { ApiError } from './api-error.ts';

/**
 * A call's deadline: `signal` aborts after API_TIMEOUT_MS, or as soon as the caller's own signal
 * aborts. `failure(cause)` turns what a fetch threw into the ApiError the console shows (a timeout
 * or a network error); `done()` stops the clock once the call is over.
 */
export function callDeadline(callerSignal?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    /** Whether the clock ran out (not the caller's abort). */
    timedOut: () => timedOut,
    failure: (cause: unknown) =>
      new ApiError({ kind: timedOut ? 'timeout' : 'network', httpStatus: 0, message: timedOut ? 'timeout' : 'network error', cause }),
    done: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}
