import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inNextTask, Turn, useTurns } from './use-in-turns.tsx';

const PARTS = ['first', 'second', 'third'];

/** Called with a part's name at each of its renders. */
const rendered = vi.fn<(name: string) => void>();

/** A part that reports its renders. */
function Part({ name }: { name: string }) {
  rendered(name);
  return <li>{name}</li>;
}

function Parts() {
  const turns = useTurns();
  return (
    <ul>
      {PARTS.map((name, index) => (
        <Turn key={name} turns={turns} index={index}>
          <Part name={name} />
        </Turn>
      ))}
    </ul>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useTurns', () => {
  it('shows the first part at once, then one more per task, in order, each rendered once', async () => {
    const { unmount } = render(<Parts />);
    // Right after the first render (its effects flushed by act()), only the first part.
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['first']);
    await screen.findByText('third');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(PARTS);
    // A turn renders the part it shows, not the page and the parts already shown.
    expect(rendered.mock.calls.map(([name]) => name)).toEqual(PARTS);
    unmount();
  });

  it('runs the next turn in a task of its own, and not once cancelled', async () => {
    const order: string[] = [];
    inNextTask(() => order.push('next task'));
    const cancel = inNextTask(() => order.push('cancelled'));
    cancel();
    await Promise.resolve();
    order.push('microtask');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['microtask', 'next task']);
  });
});
