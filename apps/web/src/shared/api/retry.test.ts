import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { isRetryableError, MAX_TRIES, shouldRetry } from './retry.ts';

const answer = (httpStatus: number, resultCode?: number | string) =>
  new ApiError({ kind: 'response', httpStatus, resultCode, message: 'x' });
const network = new ApiError({ kind: 'network', httpStatus: 0, message: 'offline' });
const timeout = new ApiError({ kind: 'timeout', httpStatus: 0, message: 'timeout' });

describe('isRetryableError', () => {
  it.each([
    ['a network error', network],
    ['a timeout', timeout],
    ['a 500', answer(500, -1)],
    ['a 503', answer(503, 10503)],
    ['a 502 without an envelope', answer(502)],
  ])('retries %s', (_name, error) => {
    expect(isRetryableError(error)).toBe(true);
  });

  it.each([
    ['-6 (permission)', answer(500, -6)],
    ['80401 (billing permission)', answer(503, 80401)],
    ['2000 (resource watcher permission)', answer(500, 2000)],
    ['-99950', answer(500, -99950)],
    ['-99950 as a string', answer(500, '-99950')],
  ])('never retries %s, even with a 5xx status', (_name, error) => {
    expect(isRetryableError(error)).toBe(false);
  });

  it.each([400, 401, 403, 404, 409, 429, 499])('never retries a %s answer', (status) => {
    expect(isRetryableError(answer(status, 1))).toBe(false);
  });

  it('never retries a 200 answer that failed, or errors that are not API errors', () => {
    expect(isRetryableError(answer(200, 5002))).toBe(false);
    expect(isRetryableError(new Error('bug'))).toBe(false);
    expect(isRetryableError(undefined)).toBe(false);
  });
});

describe('shouldRetry', () => {
  it('allows fewer than 3 tries in all', () => {
    expect(MAX_TRIES).toBe(3);
    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(1, network)).toBe(true);
    expect(shouldRetry(2, network)).toBe(false);
    expect(shouldRetry(5, answer(500))).toBe(false);
  });

  it('tries a failing query exactly 3 times with TanStack Query', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, retryDelay: 0 } } });
    let tries = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['flaky'],
        queryFn: () => {
          tries += 1;
          throw answer(503, 10503);
        },
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(tries).toBe(3);
  });

  it('tries a permission error once', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, retryDelay: 0 } } });
    let tries = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['denied'],
        queryFn: () => {
          tries += 1;
          throw answer(403, -6);
        },
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(tries).toBe(1);
  });
});
