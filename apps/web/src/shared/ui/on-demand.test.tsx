import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('with now: asks at once, and the render uses that request instead of a second one', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const Lazy = onDemand(load, { now: true });
    expect(load).toHaveBeenCalledTimes(1);
    render(<Lazy name="b" />);
    expect(await screen.findByText('part b')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with now: an early request that failed is asked again when the part renders', async () => {
    const load = vi.fn<() => Promise<typeof Part>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Part);
    const Lazy = onDemand(load, { now: true });
    await Promise.resolve();
    render(<Lazy name="c" />);
    expect(await screen.findByText('part c')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
