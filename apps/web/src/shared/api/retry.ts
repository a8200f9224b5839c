import { isApiError } from './api-error.ts';
import { PERMISSION_DENIED_CODES } from './error-route.ts';

/** Spec §8: a call is tried fewer than 3 times in all. */
export const MAX_TRIES = 3;

/** Codes that fail the same way every time: permission errors and -99950. */
const NEVER_RETRY_CODES: ReadonlySet<string> = new Set([...PERMISSION_DENIED_CODES, '-99950']);

/** Whether an error is worth another try at all: no answer, a timeout, or a server (5xx) failure. */
export function isRetryableError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.code !== undefined && NEVER_RETRY_CODES.has(error.code)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'response' && error.httpStatus >= 500 && error.httpStatus <= 599;
}

/**
 * TanStack Query `retry`: `failureCount` counts the failures before this one (0 when the first
 * try fails), so this allows a second and a third try and never a fourth.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount + 1 < MAX_TRIES && isRetryableError(error);
}
