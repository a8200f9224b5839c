import { afterAll, vi } from 'vitest';
import { runAfterFile } from './after-file.ts';

/**
 * The api project's setup file (vitest.config.ts). Its files share two long-lived workers (`forks`,
 * `isolate: false`): the libraries Node loads (Fastify, drizzle, pg, pg-boss, zod, …) are loaded once
 * per worker, where a process per file loaded and compiled them again for each of the 64 files.
 * Each file still starts with the console's own modules fresh, and ends leaving nothing behind:
 * - its apps closed, their pools ended and its database dropped (after-file.ts), after its own
 *   `afterAll` hooks (this one is registered first, so it runs last);
 * - spies, stubbed globals and environment variables, fake timers put back;
 * - `vi.resetModules()`, so the next file's imports (and this setup file) evaluate again.
 */
afterAll(async () => {
  try {
    await runAfterFile();
  } finally {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.resetModules();
  }
});
