import { defineConfig } from 'vitest/config';
import { preactAliases, usePreact } from './apps/web/build/preact-alias.ts';
import { validationMessagesPerLanguage } from './apps/web/build/validation-messages-plugin.ts';

/**
 * Two projects: `unit` (no database; contracts, web, pure api code) and `api` (integration tests
 * of the API on a real PostgreSQL, one fresh database per file).
 */
/** The web project's pool: shared workers on React, a VM context per file on Preact (WEB_POOL to choose). */
function webPool(): { pool: 'threads' | 'vmThreads'; isolate: boolean } {
  const pool = process.env.WEB_POOL === 'threads' || process.env.WEB_POOL === 'vmThreads' ? process.env.WEB_POOL : usePreact() ? 'vmThreads' : 'threads';
  return { pool, isolate: pool !== 'threads' };
}

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker (cores - 1); two keep both cores busy while a test
    // of one worker waits on a timer or a fetch (docs/benchmarks.md, "Test loop").
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/build/**/*.test.ts', 'apps/products/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/api/src/**/*.routes.test.ts', '**/*.db.test.ts'],
          environment: 'node',
          // Each file in a fresh VM context inside a worker that lives for the run and keeps its
          // compiled code, as the web project does: 30.5 → 20.7 s of CPU for this project's 38 files
          // against a new child process per file (forks), the same 378 tests passing
          // (docs/benchmarks-test-loop.md, "The unit step, 2026-11-28").
          pool: 'vmThreads',
          // Property tests of a few hundred ms ran past vitest's 5 s default at a load of 28
          // (conditions.test.ts, 2026-11-28). A guard against hangs, not a speed target.
          testTimeout: 30_000,
        },
      },
      {
        // Forms import one language's field messages as `virtual:validation-messages/<lang>`.
        plugins: [validationMessagesPerLanguage()],
        // The tests render with Preact, as the build does (WEB_RENDERER=react: both on React)
        // (apps/web/build/preact-alias.ts). Every library is then compiled by vitest instead of
        // loaded by Node (`inline`), from its ES build (`mainFields`, `conditions`): a CommonJS
        // require() is out of the aliases' reach, and one library left on React would be a second
        // renderer in the test.
        ...(usePreact()
          ? { resolve: { alias: preactAliases(), mainFields: ['module', 'main'], conditions: ['module', 'import', 'development'] } }
          : {}),
        test: {
          name: 'web',
          ...(usePreact() ? { server: { deps: { inline: true as const } } } : {}),
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          // happy-dom builds a document in a fraction of jsdom's time and runs Cloudscape's DOM work
          // faster; a file that needs jsdom says so in its first line (`// @vitest-environment jsdom`).
          environment: 'happy-dom',
          // Every message part loads with the language a test switches to (src/test/all-messages.ts);
          // a fetch no test answered fails the test instead of reaching a real socket (src/test/no-network.ts).
          setupFiles: ['src/test/file-isolation.ts', 'src/test/all-messages.ts', 'src/test/async-timeout.ts', 'src/test/no-network.ts', 'src/test/form-validation.ts'],
          // Two long-lived workers, each with one window and the libraries (React, Cloudscape, TanStack
          // Query) loaded once; the console's own modules are evaluated again for each file, and the
          // page, storage, cookies, zod's configuration, stubs and timers are put back after it
          // (src/test/file-isolation.ts, the first setup file; a file that leaves a rendered node or
          // fake timers fails). 0.70× the CPU of a fresh VM context per file (vmThreads), the same
          // tests passing in shuffled file orders (docs/benchmarks-test-loop.md, "wt-unit2").
          // WEB_POOL=vmThreads runs the old way, to compare. On Preact (the default renderer) every
          // library is compiled by vitest (`inline` above), so the per-file reset would evaluate them
          // all again in the shared window — Cloudscape's timers of one file then fired into the next
          // (`requestIdleCallback is not defined`) and a table's preferences leaked: there each file
          // keeps its own VM context (docs/benchmarks-test-loop.md, "Preact on the shared pool").
          ...webPool(),
          // Whole user flows typed through user-event: on two cores shared with other work one can
          // take more than vitest's 5 s default (ReceiverGroupsPage's form flow ran past 30 s at a
          // load average of 37, 2026-11-27). A guard against hangs, not a speed target.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.routes.test.ts', 'apps/api/src/**/*.db.test.ts', 'apps/products/*/src/**/*.db.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
