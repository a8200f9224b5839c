import { afterEach, describe, expect, it, vi } from 'vitest';
import { inIdleSlices } from './idle-slices.ts';

/** A clock the steps move by hand, and idle callbacks run one at a time by the test. */
function harness() {
  let now = 0;
  const queue: { run: (deadline: IdleDeadline) => void; handle: number }[] = [];
  let next = 1;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.stubGlobal('requestIdleCallback', (run: (deadline: IdleDeadline) => void) => {
    queue.push({ run, handle: next });
    return next++;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => {
    const index = queue.findIndex((entry) => entry.handle === handle);
    if (index >= 0) queue.splice(index, 1);
  });
  return {
    advance: (ms: number) => (now += ms),
    pending: () => queue.length,
    /** Runs the next idle callback with `remaining` ms of idle time (or as timed out). */
    idle: (remaining: number, didTimeout = false) => queue.shift()!.run({ didTimeout, timeRemaining: () => remaining }),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('inIdleSlices', () => {
  it('stops a slice when its time is spent and goes on in the next idle callback', () => {
    const clock = harness();
    let done = 0;
    inIdleSlices(() => {
      clock.advance(3);
      return ++done === 10;
    }, 8);
    expect(done).toBe(0);
    clock.idle(50);
    // 8 ms of budget at 3 ms a step: three steps (0 → 3 → 6 → 9), then the main thread is given back.
    expect(done).toBe(3);
    expect(clock.pending()).toBe(1);
    clock.idle(4);
    // Less idle time than the budget: the slice takes what the browser offers.
    expect(done).toBe(5);
    clock.idle(50);
    clock.idle(50);
    expect(done).toBe(10);
    expect(clock.pending()).toBe(0);
  });

  it('runs one step at least when the idle callback comes by its timeout', () => {
    const clock = harness();
    let done = 0;
    inIdleSlices(() => {
      clock.advance(20);
      return ++done === 3;
    }, 8);
    clock.idle(0, true);
    expect(done).toBe(1);
    expect(clock.pending()).toBe(1);
  });

  it('runs nothing more once cancelled', () => {
    const clock = harness();
    let done = 0;
    const cancel = inIdleSlices(() => {
      clock.advance(5);
      done++;
      return false;
    }, 8);
    clock.idle(50);
    expect(done).toBe(2);
    cancel();
    expect(clock.pending()).toBe(0);
  });
});
