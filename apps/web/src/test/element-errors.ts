import { configure, getConfig, prettyDOM } from '@testing-library/react';

/**
 * A `getBy…` that finds nothing builds its error with the whole page printed into the message
 * (Testing Library's `getElementError`: `prettyDOM` of the container). Inside `waitFor` and `findBy…`
 * that happens on every try that does not find its element yet, every 50 ms and on every DOM change,
 * and the error is dropped at the next try: ≈ 3 % of the web project's CPU went to printing pages
 * no one read (a CPU profile of the eight slowest files, docs/benchmarks-test-loop.md).
 *
 * Here the page is printed when the message is first read: a wait that gives up reports the same
 * message as before (the page as it is when the wait ends, as Testing Library's own timeout message
 * prints it), a try that is dropped prints nothing. Outside a wait (a `getBy…` that fails at once)
 * the message is built at once, as Testing Library does.
 */
/** Testing Library's flag for "inside a wait's try" (not in its public types). */
const insideWait = () => (getConfig() as unknown as Record<string, unknown>)['_disableExpensiveErrorDiagnostics'] === true;

export function lazyElementError(message: string | null, container: Element): Error {
  const build = () => [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`].filter(Boolean).join('\n\n');
  const lazy = insideWait();
  const error = new Error(lazy ? (message ?? '') : build());
  error.name = 'TestingLibraryElementError';
  if (lazy) {
    let text: string | undefined;
    Object.defineProperty(error, 'message', {
      configurable: true,
      enumerable: false,
      get: () => (text ??= build()),
      set: (value: string) => {
        text = value;
      },
    });
  }
  return error;
}

configure({ getElementError: lazyElementError });
