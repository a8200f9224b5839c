import { fileURLToPath } from 'node:url';

/**
 * The console renders with Preact through preact/compat (issue 16: react-dom alone was 65 KiB gzip
 * of every route's first paint; preact + compat ≈ 11). The source, Cloudscape, the router, TanStack
 * Query, i18next's bindings and react-hook-form keep importing `react` and `react-dom`; these
 * aliases point them at Preact, in the build and in the web unit tests alike (vitest.config.ts), so
 * the tests run on the renderer the console ships (docs/decisions.md, "First paint: Preact").
 * Types stay @types/react: preact/compat implements that API.
 */
const resolved = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));

export const preactAliases = () => [
  { find: /^react$/, replacement: resolved('preact/compat') },
  { find: /^react-dom$/, replacement: resolved('preact/compat') },
  { find: /^react-dom\/client$/, replacement: resolved('preact/compat/client') },
  { find: /^react-dom\/test-utils$/, replacement: resolved('preact/test-utils') },
  { find: /^react\/jsx-runtime$/, replacement: resolved('preact/compat/jsx-runtime') },
  { find: /^react\/jsx-dev-runtime$/, replacement: resolved('preact/compat/jsx-dev-runtime') },
  // react-i18next takes useSyncExternalStore from React's CommonJS shim package; compat has it.
  { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: resolved('preact/compat') },
];
