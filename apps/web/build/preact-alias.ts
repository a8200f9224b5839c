import { fileURLToPath } from 'node:url';

/**
 * The console renders with Preact (preact/compat) in place of React (issue 16): react-dom is 65 KiB
 * gzip of every route's first paint, Preact with compat ≈ 11 (−58.5 KiB a route on average,
 * measured). The default since the web unit suite and the keyboard, focus and form e2e specs pass on
 * the Preact build (docs/decisions.md, "Preact is the default again"). `WEB_RENDERER=react npm run
 * build` and `WEB_RENDERER=react npx vitest run --project web …` build and test on React, to compare.
 *
 * The source, Cloudscape, the router, TanStack Query and react-hook-form keep
 * importing `react` and `react-dom`; these aliases point them at Preact, in the build and in the
 * web unit tests alike (vitest.config.ts), so the tests run on the renderer the build ships.
 * Types stay @types/react: preact/compat implements that API.
 */
// vite.config.ts, vitest.config.ts and renderer.test.tsx all read it.
export const usePreact = () => process.env.WEB_RENDERER !== 'react';

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
