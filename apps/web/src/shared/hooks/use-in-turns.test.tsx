import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { inNextTask, useInTurns } from './use-in-turns.ts';

const PARTS = ['first', 'second', 'third'];

/** Records what each of its commits showed. */
function Parts({ commits }: { commits: string[][] }) {
  const shown = useInTurns(PARTS.length);
  const visible = PARTS.slice(0, shown);
  commits.push(visible);
  return (
    <ul>
      {visible.map((part) => (
        <li key={part}>{part}</li>
      ))}
    </ul>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useInTurns', () => {
  it('shows the first part at once, then one more per task, in order, until all show', async () => {
    const commits: string[][] = [];
    const { unmount } = render(<Parts commits={commits} />);
    // Right after the first render (its effects flushed by act()), only the first part.
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['first']);
    await screen.findByText('third');
    expect(commits.map((parts) => parts.length).filter((count, index, all) => count !== all[index - 1])).toEqual([1, 2, 3]);
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
