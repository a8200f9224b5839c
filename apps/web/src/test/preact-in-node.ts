import { registerHooks, type ResolveFnOutput, type ResolveHookContext } from 'node:module';
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
const cloudscape = /\/node_modules\/@cloudscape-design\/components\//;

/**
 * Cloudscape is loaded by Node too (vitest.config.ts, `loadedOncePerWorker`), once per worker; vitest
 * compiled it before, and evaluated its ≈ 350 modules again for every file. Its ES build is written
 * for bundlers: `import '../internal/base-component'` names a directory or a file without its `.js`,
 * which Node's ES loader refuses; such an import is tried as a bundler tries it.
 */
function resolveLikeBundler(
  specifier: string,
  context: ResolveHookContext,
  nextResolve: (specifier: string, context?: Partial<ResolveHookContext>) => ResolveFnOutput,
): ResolveFnOutput {
  try {
    return nextResolve(specifier, context);
  } catch (error) {
    for (const candidate of [`${specifier}.js`, `${specifier}/index.js`]) {
      try {
        return nextResolve(candidate, context);
      } catch {
        // the next form
      }
    }
    throw error;
  }
}

/**
 * Cloudscape's default imports of a CommonJS build made from ES modules (`exports.default = …`):
 * a bundler takes `default` from it, Node gives the whole `module.exports`. The one such import
 * (`grep -rhE "^import \w+ from '[^.]" node_modules/@cloudscape-design/components`; clsx and
 * react-dom are plain) gets a module that takes `default`, as vitest's own interop does.
 */
const defaultFromCommonJs = new Set(['intl-messageformat']);
const esModuleDefault = (url: string) =>
  `data:text/javascript,${encodeURIComponent(`import m from ${JSON.stringify(url)}; export * from ${JSON.stringify(url)}; export default m.default;`)}`;

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
      const fromCloudscape = cloudscape.test(context.parentURL ?? '');
      const resolved = fromCloudscape && specifier.startsWith('.') ? resolveLikeBundler(specifier, context, nextResolve) : nextResolve(specifier, context);
      if (fromCloudscape && defaultFromCommonJs.has(specifier)) return { url: esModuleDefault(resolved.url), format: 'module', shortCircuit: true };
      if (react.test(resolved.url)) throw new Error(`React loaded in a Preact web test (${resolved.url}, from ${context.parentURL ?? '?'}): an alias is missing in apps/web/build/preact-alias.ts`);
      return cloudscape.test(resolved.url) && resolved.url.endsWith('.js') ? { ...resolved, format: 'module' } : resolved;
    },
    load(url, context, nextLoad) {
      // Cloudscape's `styles.css.js` imports its stylesheet; the tests read no style sheet (vitest
      // compiles a CSS import to nothing as well).
      if (cloudscape.test(url) && url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
      return nextLoad(url, context);
    },
  });
}
