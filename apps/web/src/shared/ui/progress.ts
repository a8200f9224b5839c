import { createStore, useStore } from '../lib/store.ts';

/**
 * The global progress counter (spec §4): 0 to 100. Above 0 a spinner covers the console and
 * blocks input. Each blocking task adds one while it runs.
 */
export const progressStore = createStore(0);

const clamp = (value: number) => Math.min(100, Math.max(0, value));

export const progress = {
  start(): () => void {
    progressStore.set((value) => clamp(value + 1));
    let done = false;
    return () => {
      if (done) return;
      done = true;
      progressStore.set((value) => clamp(value - 1));
    };
  },
  /** Runs a task with the spinner shown. */
  async track<T>(task: Promise<T> | (() => Promise<T>)): Promise<T> {
    const end = progress.start();
    try {
      return await (typeof task === 'function' ? task() : task);
    } finally {
      end();
    }
  },
};

export const useProgressValue = (): number => useStore(progressStore);
export const useProgress = () => progress;
