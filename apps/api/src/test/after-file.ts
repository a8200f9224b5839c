/**
 * What a test file's helpers must undo when the file ends: close its apps, end their pools, drop its
 * database (helper.ts). They are called from `beforeAll` or from a test, where vitest's `afterAll`
 * registers nothing (a hook added while the file runs is dropped without a word): the apps and pools
 * were left open, which a process per file hid. The api project's setup file (file-isolation.ts) runs
 * them as the file ends, last registered first, after the file's own `afterAll` hooks.
 */
const pending: (() => Promise<void>)[] = [];

/** Runs `cleanup` when the current test file ends. */
export function afterFile(cleanup: () => Promise<void>): void {
  pending.push(cleanup);
}

/** Runs and forgets what `afterFile` registered, last first; every one runs even if an earlier one fails. */
export async function runAfterFile(): Promise<void> {
  const errors: unknown[] = [];
  while (pending.length) {
    try {
      await pending.pop()!();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'cleanups after the file failed');
}
