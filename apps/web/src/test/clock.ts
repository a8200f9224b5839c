import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';

/** Moves the fake clock `ms` ahead inside act(), running every timer that falls due on the way. */
async function skip(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * A clock the test moves, for a flow that would otherwise sit through real seconds (a query's
 * retry back-off, job polling, a check debounced while the user types). The page's timers are
 * fake but still run at the real pace, so findBy/waitFor and user-event work as usual; `skip`
 * and `until` jump over a wait at once, inside act(). Real timers come back when the test ends.
 *
 *   const clock = fakeClock();
 *   renderConsole(…);
 *   await clock.until(() => screen.getByTestId('error-state'));   // the retries, without the 3 s
 *   await clock.skip(3_000);                                        // three poll intervals
 */
export function fakeClock() {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return {
    /** Moves the clock `ms` ahead, running every timer that falls due on the way. */
    skip,
    /**
     * Moves the clock `step` ms at a time until `check` stops throwing and returns what it returned;
     * throws its last error once `limit` ms of (fake) time have gone by.
     */
    async until<T>(check: () => T, { step = 100, limit = 30_000 }: { step?: number; limit?: number } = {}): Promise<T> {
      for (let waited = 0; ; waited += step) {
        try {
          return check();
        } catch (error) {
          if (waited >= limit) throw error;
        }
        await skip(step);
      }
    },
  };
}
