import { fileURLToPath } from 'node:url';

/**
 * Preact in place of React, on trial (issue 16): `WEB_RENDERER=preact npm run build` and
 * `WEB_RENDERER=preact npx vitest run --project web …` render the console with preact/compat.
 * react-dom is 65 KiB gzip of every route's first paint; Preact with compat ≈ 11 (−57 KiB a route,
 * measured). Not the default: the console ships on React until the whole web unit suite and every
 * e2e spec pass on the Preact build (docs/benchmarks-first-paint-notes.md, "Preact, tried").
 *
 * The source, Cloudscape, the router, TanStack Query and react-hook-form keep
 * importing `react` and `react-dom`; these aliases point them at Preact, in the build and in the
 * web unit tests alike (vitest.config.ts), so the tests run on the renderer the build ships.
 * Types stay @types/react: preact/compat implements that API.
 */
// The switch: the one line that makes Preact the default is `process.env.WEB_RENDERER !== 'react'`
// here (vite.config.ts, vitest.config.ts and renderer.test.tsx all read it; WEB_RENDERER=react
// would then build and test on React).
export const usePreact = () => process.env.WEB_RENDERER === 'preact';

const resolved = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));
/**
 * preact/compat with React's keys in Children.toArray and Children.map, and events that bubble out
 * of portals as in React (./preact-react.js).
 */
const compatAsReact = () => fileURLToPath(new URL('./preact-react.js', import.meta.url));

export const preactAliases = () =>
  usePreact()
    ? [
        { find: /^react$/, replacement: compatAsReact() },
        { find: /^react-dom$/, replacement: compatAsReact() },
        { find: /^react-dom\/client$/, replacement: resolved('preact/compat/client') },
        { find: /^react-dom\/test-utils$/, replacement: resolved('preact/test-utils') },
        { find: /^react\/jsx-runtime$/, replacement: resolved('preact/compat/jsx-runtime') },
        { find: /^react\/jsx-dev-runtime$/, replacement: resolved('preact/compat/jsx-dev-runtime') },
        // A library taking useSyncExternalStore from React's CommonJS shim package (react-i18next did) gets compat's.
        { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: resolved('preact/compat') },
      ]
    : [];
