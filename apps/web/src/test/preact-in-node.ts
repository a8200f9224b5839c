import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** apps/web/build/preact-alias.ts' aliases as the config resolved them: [pattern source, file]. */
    preactAliases: [string, string][];
  }
}

/**
 * The libraries of the web tests on Preact, loaded once per worker by Node (vitest.config.ts: the
 * shared pool, `threads` with `isolate: false`). Vitest compiles the console's code and gives its
 * `react` imports the build's aliases (apps/web/build/preact-alias.ts); Cloudscape, the router,
 * TanStack Query, react-hook-form and Testing Library are left to Node (externalized), whose
 * `import 'react'` and `require('react-dom')` would reach React itself. This hook, registered in the
 * worker before any library loads (the first setup file), resolves those names to the same files as
 * the aliases, so every module of a worker renders with the one Preact and `vi.resetModules()` after
 * a file (src/test/file-isolation.ts) re-evaluates the console's modules only, as on React. A module
 * of React or react-dom that still loads fails its import, loudly: it would be a second renderer.
 *
 * Evaluated again for each file (setup files are reset); the hook is registered once per worker.
 */
const key = Symbol.for('console.web-test.preact-in-node');
const worker = globalThis as typeof globalThis & { [key]?: true };

if (!worker[key]) {
  worker[key] = true;
  const aliases = inject('preactAliases').map(([pattern, file]) => ({ find: new RegExp(pattern), url: pathToFileURL(file).href }));
  const react = /\/node_modules\/react(?:-dom)?\//;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const alias = aliases.find(({ find }) => find.test(specifier));
      if (alias) return { url: alias.url, format: 'module', shortCircuit: true };
      const resolved = nextResolve(specifier, context);
      if (react.test(resolved.url)) throw new Error(`React loaded in a Preact web test (${resolved.url}, from ${context.parentURL ?? '?'}): an alias is missing in apps/web/build/preact-alias.ts`);
      return resolved;
    },
  });
}
