import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdUntilPagePainted, markPagePainted } from '../lib/page-painted.ts';
import { onDemand } from './on-demand.tsx';

afterEach(() => cleanup());

const Part = ({ name }: { name: string }) => <p>part {name}</p>;

describe('onDemand', () => {
  it('asks for its code only when it first renders', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const Lazy = onDemand(load);
    expect(load).not.toHaveBeenCalled();
    render(<Lazy name="a" />);
    expect(await screen.findByText('part a')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with now: asks once the page has painted — not as the page loads, nor in its first render — and renders when its code is in', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const Lazy = onDemand(load, { now: true });
    expect(load).not.toHaveBeenCalled();
    render(<Lazy name="b" />);
    // The first render holds its place; the code is asked for after the frame that shows it.
    expect(screen.getByTestId('on-demand-spinner')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    expect(await screen.findByText('part b')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    // Its code in, a part shown again renders at once (no frame, no spinner, no second request).
    cleanup();
    render(<Lazy name="c" />);
    expect(screen.queryByTestId('on-demand-spinner')).toBeNull();
    expect(await screen.findByText('part c')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('onDemand on the first page (shared/lib/page-painted.ts)', () => {
  afterEach(() => markPagePainted());

  it('with now: waits for the page to be shown before it asks for its code', async () => {
    holdUntilPagePainted();
    const load = vi.fn(() => Promise.resolve(Part));
    const Lazy = onDemand(load, { now: true });
    render(<Lazy name="d" />);
    // Frames pass; the page has not been shown yet: nothing asked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('on-demand-spinner')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    act(() => markPagePainted());
    expect(await screen.findByText('part d')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with now and shell: the shell around the page asks after the frame that shows it, without waiting for the page', async () => {
    holdUntilPagePainted();
    const load = vi.fn(() => Promise.resolve(Part));
    const Lazy = onDemand(load, { now: true, shell: true });
    render(<Lazy name="e" />);
    expect(await screen.findByText('part e')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
