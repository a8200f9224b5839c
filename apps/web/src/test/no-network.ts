import { afterEach, expect } from 'vitest';

/**
 * A unit test never reaches the network: fetch answers only through `mockFetch` (src/test/http.ts).
 * Without it, a call went to happy-dom's own fetch, i.e. to a real socket on 127.0.0.1:3000
 * (ECONNREFUSED in the output, a wait on the connection, and an answer that depended on whatever
 * listened there). Here such a call is refused at once and fails the test that made it.
 */
const unanswered: string[] = [];
const refuse = (input: RequestInfo | URL): Promise<Response> => {
  unanswered.push(String(input instanceof Request ? input.url : input));
  return Promise.reject(new TypeError(`a unit test may not reach the network (${String(input)}): answer it with mockFetch`));
};
globalThis.fetch = refuse as typeof fetch;
if (typeof window !== 'undefined') window.fetch = refuse as typeof fetch;

afterEach(() => {
  expect(unanswered.splice(0), 'calls that would have reached the network').toEqual([]);
});
