import { defineConfig } from 'vitest/config';
import { preactAliases, usePreact } from './apps/web/build/preact-alias.ts';
import { validationMessagesPerLanguage } from './apps/web/build/validation-messages-plugin.ts';

/**
 * Two projects: `unit` (no database; contracts, web, pure api code) and `api` (integration tests
 * of the API on a real PostgreSQL, one fresh database per file).
 */
/**
 * The web project's pool: two long-lived workers sharing their window and libraries between files
 * (`threads`, `isolate: false`) on either renderer; WEB_POOL=vmThreads gives each file a fresh VM
 * context instead, to compare.
 */
function webPool(): { pool: 'threads' | 'vmThreads'; isolate: boolean } {
  const pool = process.env.WEB_POOL === 'vmThreads' ? 'vmThreads' : 'threads';
  return { pool, isolate: pool !== 'threads' };
}
/** The unit project's pool (see its entry below). */
function unitPool(): { pool: 'threads' | 'vmThreads'; isolate: boolean; setupFiles: string[] } {
  return process.env.UNIT_POOL === 'vmThreads'
    ? { pool: 'vmThreads', isolate: true, setupFiles: [] }
    : { pool: 'threads', isolate: false, setupFiles: ['scripts/test/unit-file-isolation.ts'] };
}
/**
 * The api project's pool: two long-lived worker processes shared by the files (`forks`, `isolate:
 * false`), each file's own modules fresh and its apps, pools and database closed as it ends
 * (apps/api/src/test/file-isolation.ts); API_POOL=isolated gives each file a process of its own
 * instead (the way before, docs/benchmarks-test-loop.md, "The API suite on shared workers"), to compare.
 */
function apiPool(): { pool: 'forks'; isolate: boolean } {
  return { pool: 'forks', isolate: process.env.API_POOL === 'isolated' };
}
/** Preact with the libraries loaded by Node: aliased by a resolve hook (src/test/preact-in-node.ts). */
const preactInNode = () => usePreact() && webPool().pool === 'threads';
/**
 * Left to Node on the shared pool besides what vitest externalizes itself: Cloudscape (vitest compiles
 * it, its ES build being written for bundlers: the resolve hook of src/test/preact-in-node.ts resolves
 * it as one) and the contracts (TypeScript that Node runs, as the API does). Compiled by vitest, they
 * were evaluated again for every file after `vi.resetModules()`: ≈ 350 Cloudscape modules a file.
 */
const loadedOncePerWorker = [/\/node_modules\/@cloudscape-design\/components\//, /\/packages\/contracts\/src\//];

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
          // Two long-lived workers shared by the files, as the web project's: the libraries Node loads
          // (zod, fast-check, Casbin, …) once per worker, the project's own modules evaluated again
          // for each file (scripts/test/unit-file-isolation.ts). UNIT_POOL=vmThreads gives each file a
          // fresh VM context instead (the way before, docs/benchmarks-test-loop.md, "Cloudscape loaded
          // once per worker"), to compare.
          ...unitPool(),
          // Property tests of a few hundred ms ran past vitest's 5 s default at a load of 28
          // (conditions.test.ts, 2026-11-28). A guard against hangs, not a speed target.
          testTimeout: 30_000,
        },
      },
      {
        // Forms import one language's field messages as `virtual:validation-messages/<lang>`.
        plugins: [validationMessagesPerLanguage()],
        // The tests render with Preact, as the build does (WEB_RENDERER=react: both on React)
        // (apps/web/build/preact-alias.ts): the console's `react` imports get the build's aliases.
        // On the shared pool the libraries stay with Node (externalized, loaded once per worker),
        // and a Node resolve hook gives their `react` the same files (src/test/preact-in-node.ts, the
        // first setup file; preact-react.js is loaded by Node too, so both see one instance). In a
        // VM context per file (WEB_POOL=vmThreads) every library is compiled by vitest instead
        // (`inline`), from its ES build (`mainFields`, `conditions`): a CommonJS require() is out of
        // the aliases' reach there, and one library left on React would be a second renderer.
        ...(usePreact()
          ? {
              resolve: {
                alias: preactAliases(),
                ...(preactInNode() ? {} : { mainFields: ['module', 'main'], conditions: ['module', 'import', 'development'] }),
              },
            }
          : {}),
        test: {
          name: 'web',
          ...(usePreact() ? { server: { deps: preactInNode() ? { external: [/\/apps\/web\/build\/preact-react\.js$/, ...loadedOncePerWorker] } : { inline: true as const } } } : {}),
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          // happy-dom builds a document in a fraction of jsdom's time and runs Cloudscape's DOM work
          // faster; a file that needs jsdom says so in its first line (`// @vitest-environment jsdom`).
          environment: 'happy-dom',
          // Every message part loads with the language a test switches to (src/test/all-messages.ts);
          // a fetch no test answered fails the test instead of reaching a real socket (src/test/no-network.ts).
          // The aliases, for the resolve hook of src/test/preact-in-node.ts.
          provide: { preactAliases: preactAliases().map(({ find, replacement }): [string, string] => [find.source, replacement]) },
          setupFiles: [
            ...(preactInNode() ? ['src/test/preact-in-node.ts'] : []),
            'src/test/file-isolation.ts',
            'src/test/all-messages.ts',
            'src/test/async-timeout.ts',
            'src/test/element-errors.ts',
            'src/test/no-network.ts',
            'src/test/form-validation.ts',
          ],
          // Two long-lived workers, each with one window and the libraries (Preact, Cloudscape,
          // TanStack Query, the router) loaded once; the console's own modules are evaluated again
          // for each file, and the page, storage, cookies, zod's configuration, stubs and timers are
          // put back after it (src/test/file-isolation.ts; a file that leaves a rendered node or fake
          // timers fails). 0.70× the CPU of a fresh VM context per file (vmThreads) on React, the
          // same tests passing in shuffled file orders (docs/benchmarks-test-loop.md, "wt-unit2");
          // on Preact: docs/benchmarks-test-loop.md, "Preact's libraries loaded by Node".
          // WEB_POOL=vmThreads runs the old way, to compare.
          ...webPool(),
          // Whole user flows typed through user-event: on two cores shared with other work one can
          // take more than vitest's 5 s default (ReceiverGroupsPage's form flow ran past 30 s at a
          // load average of 37, 2026-11-27). A guard against hangs, not a speed target. The same for
          // hooks: a file's beforeAll that imports its page's on-demand part took more than the 10 s
          // default in a whole npm test on a slow machine (RoleGroupEditPage, 2026-11-29).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          // The contracts (zod schemas, endpoints, result codes: constants only) are left to Node and
          // loaded once per worker, as in the web project; compiled by vitest they were evaluated again
          // for every file after `vi.resetModules()`, ≈ 0.3 s of CPU a file (docs/benchmarks-test-loop.md,
          // "The API suite's CPU by file").
          server: { deps: { external: [/\/packages\/contracts\/src\//] } },
          include: ['apps/api/src/**/*.routes.test.ts', 'apps/api/src/**/*.db.test.ts', 'apps/products/*/src/**/*.db.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // Fastify, drizzle, pg, pg-boss, zod, … loaded once per worker process, not once per file: a
          // new process per file spent ≈ 1.6 s of CPU loading them (docs/benchmarks-test-loop.md).
          ...apiPool(),
          setupFiles: ['apps/api/src/test/file-isolation.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
