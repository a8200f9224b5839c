import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

/** Whether an error's message is built only when read (a getter), not when the error is made. */
const builtWhenRead = (error: unknown) => typeof Object.getOwnPropertyDescriptor(error as object, 'message')?.get === 'function';

describe('the errors of a getBy… that finds nothing (src/test/element-errors.ts)', () => {
  it('inside a wait, prints the page only when the message is read, and then the page as it is', async () => {
    const { container } = render(<p>first</p>);
    const tries: unknown[] = [];
    await waitFor(() => {
      try {
        return screen.getByText('second');
      } catch (error) {
        tries.push(error);
        if (tries.length === 1) container.append(Object.assign(document.createElement('p'), { textContent: 'second' }), Object.assign(document.createElement('p'), { textContent: 'later' }));
        throw error;
      }
    });
    expect(tries).toHaveLength(1);
    expect(builtWhenRead(tries[0])).toBe(true);
    const message = (tries[0] as Error).message;
    expect(message).toContain('Unable to find an element with the text: second');
    // The page when read: with the paragraphs added after the try, not the page of the try.
    expect(message).toContain('first');
    expect(message).toContain('later');
    expect(message).toContain('Ignored nodes: comments, script, style');
  });

  it('a wait that gives up says what it looked for and prints the page', async () => {
    render(<p>only this</p>);
    const error = await screen.findByText('missing', undefined, { timeout: 100 }).catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('TestingLibraryElementError');
    expect((error as Error).message).toContain('Unable to find an element with the text: missing');
    expect((error as Error).message).toContain('only this');
  });

  it('outside a wait, builds the whole message at once, as Testing Library does', () => {
    render(<p>here</p>);
    let thrown: unknown;
    try {
      screen.getByText('elsewhere');
    } catch (error) {
      thrown = error;
    }
    expect(builtWhenRead(thrown)).toBe(false);
    expect((thrown as Error).name).toBe('TestingLibraryElementError');
    expect((thrown as Error).message).toContain('Unable to find an element with the text: elsewhere');
    expect((thrown as Error).message).toContain('here');
  });
});
