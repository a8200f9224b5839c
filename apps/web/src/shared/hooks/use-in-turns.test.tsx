import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { inNextTask, Turn, useTurns } from './use-in-turns.ts';

const PARTS = ['first', 'second', 'third'];

/** A part that counts its renders. */
function Part({ name, renders }: { name: string; renders: Record<string, number> }) {
  renders[name] = (renders[name] ?? 0) + 1;
  return <li>{name}</li>;
}

function Parts({ renders }: { renders: Record<string, number> }) {
  const turns = useTurns();
  return (
    <ul>
      {PARTS.map((name, index) => (
        <Turn key={name} turns={turns} index={index}>
          <Part name={name} renders={renders} />
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
    const renders: Record<string, number> = {};
    const { unmount } = render(<Parts renders={renders} />);
    // Right after the first render (its effects flushed by act()), only the first part.
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['first']);
    await screen.findByText('third');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(PARTS);
    // A turn renders the part it shows, not the page and the parts already shown.
    expect(renders).toEqual({ first: 1, second: 1, third: 1 });
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
