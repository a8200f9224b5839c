import { afterAll, vi } from 'vitest';

/**
 * The `unit` project's files share two long-lived workers (vitest.config.ts: `threads`,
 * `isolate: false`): the libraries Node loads (zod, fast-check, Casbin, pino, …) are loaded once per
 * worker, where a VM context per file (`vmThreads`) loaded them again for every file. Each file still
 * starts with the project's own modules fresh: `vi.resetModules()` after it makes the next file's
 * imports (and this setup file) evaluate again, and what a file may have changed outside its modules
 * is put back: spies, stubbed globals and environment variables, fake timers.
 */
export function resetAfterFile(): void {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
}

afterAll(resetAfterFile);
