import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { cloudscapeOnDemand } from './build/cloudscape-on-demand.ts';
import { preactAliases } from './build/preact-alias.ts';
import { routeChunkGroups } from './build/route-chunk-groups.ts';
import { routePreloadsFile } from './build/route-preloads.ts';
import { validationMessagesPerLanguage } from './build/validation-messages-plugin.ts';

/** Where `vite` (dev) and `vite preview` send /api and /healthz; the API listens on 8080 by default. */
const API_TARGET = process.env.CONSOLE_API_URL ?? 'http://localhost:8080';

/**
 * Cloudscape's global styles inline their fonts as base64 (≈180 KB of CSS). This moves every
 * inlined woff2 into its own hashed file, so the first CSS is small and the browser fetches only
 * the font faces a page uses (and caches them for good). Each face gets `font-display: swap` (text
 * shows at once in the fallback font instead of staying invisible until the font arrives), and
 * index.html preloads the two faces every page uses (Open Sans 400 and 700, upright), so they are
 * fetched with the scripts rather than after the style sheet has been read.
 */
function extractInlineFonts(): Plugin {
  const inlineFont = /url\((['"]?)data:font\/woff2;base64,([A-Za-z0-9+/=]+)\1\)/g;
  const preloaded: string[] = [];
  let outDir = 'dist';
  return {
    name: 'console:extract-inline-fonts',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const asset of Object.values(bundle)) {
        if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue;
        const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        if (!css.includes('data:font/woff2;base64,')) continue;
        const cssDir = asset.fileName.split('/').slice(0, -1).join('/');
        asset.source = css.replace(/@font-face\s*\{[^}]*\}/g, (face) => {
          const withFile = face.replace(inlineFont, (_match, _quote: string, base64: string) => {
            const referenceId = this.emitFile({
              type: 'asset',
              name: 'font.woff2',
              source: Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)),
            });
            const fileName = this.getFileName(referenceId);
            if (/font-weight:\s*(?:400|700)\b/.test(face) && /font-style:\s*normal/.test(face)) preloaded.push(`/${fileName}`);
            const relative = cssDir && fileName.startsWith(`${cssDir}/`) ? fileName.slice(cssDir.length + 1) : `/${fileName}`;
            return `url(${relative})`;
          });
          return withFile === face || /font-display/.test(face) ? withFile : withFile.replace(/\}$/, ';font-display:swap}');
        });
      }
    },
    async closeBundle() {
      if (!preloaded.length) return;
      const indexFile = path.join(outDir, 'index.html');
      const html = await readFile(indexFile, 'utf8');
      const links = preloaded.map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`).join('\n    ');
      await writeFile(indexFile, html.replace('</head>', `  ${links}\n  </head>`));
    },
  };
}

/**
 * Writes a `.br` and a `.gz` beside every script, style sheet and SVG of the build; the server
 * (apps/api/src/platform/web.ts, `preCompressed`) sends the one the browser accepts. Compressed
 * once at build time, at the highest levels, instead of at every request: about a quarter of the
 * bytes travel.
 */
function precompress(): Plugin {
  // index.html is left out: small, sent with no-cache, and rewritten by extractInlineFonts' closeBundle.
  const compressible = /\.(?:js|css|svg|json)$/;
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'console:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(path.join(outDir, file));
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(path.join(outDir, `${file}.br`), br), writeFile(path.join(outDir, `${file}.gz`), gz)]);
        }),
      );
    },
  };
}

/**
 * react-router publishes its production build under dist/production but points every export
 * condition at dist/development (with its dev-only checks and warnings): the build takes the
 * production one, as it does for React.
 */
const reactRouterProduction = (command: string) =>
  command === 'build'
    ? [
        { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')) },
        { find: /^react-router\/dom$/, replacement: fileURLToPath(import.meta.resolve('react-router/dom').replace('/development/', '/production/')) },
      ]
    : [];

/**
 * Cloudscape formats its own texts with intl-messageformat, which brings the ICU message parser
 * (≈ 8 KiB gzip on every page) for messages given as strings. Cloudscape's message files
 * (`i18n/messages/all.<lang>.js`, the only messages the console gives its I18nProvider) are
 * already parsed (every message an AST: src/app/cloudscape-messages.test.ts), so the build takes the
 * parser package's own `no-parser` entry: the same element types and helpers, and a `parse` that
 * throws if a string message ever reaches it.
 */
const icuParserOmitted = (command: string) =>
  command === 'build'
    ? [
        {
          find: /^@formatjs\/icu-messageformat-parser$/,
          replacement: path.join(path.dirname(fileURLToPath(import.meta.resolve('@formatjs/icu-messageformat-parser'))), 'lib/no-parser.js'),
        },
      ]
    : [];

/**
 * With `WEB_MODULE_REPORT=1`, the build also writes dist/.vite/modules.json: for each chunk, the
 * rendered size of every module in it, which `node scripts/web-budget-libraries.ts <route>…` turns
 * into a route's first-paint bytes by library (issue 16). Left out of ordinary builds.
 */
function moduleReport(): Plugin {
  return {
    name: 'console:module-report',
    apply: () => process.env.WEB_MODULE_REPORT === '1',
    generateBundle(_options, bundle) {
      const report: Record<string, Record<string, number>> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        report[chunk.fileName] = Object.fromEntries(Object.entries(chunk.modules).map(([id, module]) => [id, module.renderedLength]));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(report) });
    },
  };
}

/**
 * The first paints' chunks, cut by the pages that need them (build/route-chunk-groups.ts): half the
 * files per first paint, and in Lighthouse's simulation (six connections) FCP 0.16-0.47 s earlier
 * and LCP up to 0.42 s earlier, against 20-115 KiB more transferred after the first paint
 * (docs/decisions.md, "The page cut is the default"). `WEB_ROUTE_CHUNKS=0` builds without it, for an
 * A/B. Message modules keep chunks of their own (the pseudo-locale check answers the English ones
 * one module per chunk).
 */
const byRoute = process.env.WEB_ROUTE_CHUNKS === '0' ? undefined : routeChunkGroups(10);

export default defineConfig(({ command }) => ({
  resolve: { alias: [...preactAliases(), ...reactRouterProduction(command), ...icuParserOmitted(command)] },
  plugins: [validationMessagesPerLanguage(), cloudscapeOnDemand(), extractInlineFonts(), precompress(), moduleReport(), routePreloadsFile(), ...(byRoute ? [byRoute.plugin] : [])],
  oxc: {
    jsx: { runtime: 'automatic' },
  },
  server: {
    proxy: {
      '/api': API_TARGET,
      '/healthz': API_TARGET,
    },
  },
  preview: {
    proxy: {
      '/api': API_TARGET,
      '/healthz': API_TARGET,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route needs, read by the budget check (scripts/web-budget.ts).
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      onwarn(warning, warn) {
        // Cloudscape marks its modules 'use client' (for React Server Components): meaningless here.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            // React and the router change together and rarely: one long-cached chunk.
            {
              name: 'react',
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 30,
            },
            // The Cloudscape every page needs (base styles, i18n, Box, Button, Spinner). Components only
            // some pages use stay in those pages' chunks: the sign-in page never loads AppLayout.
            {
              name: 'cloudscape',
              test: /node_modules[\\/]@cloudscape-design[\\/]/,
              tags: ['$initial'],
              priority: 25,
            },
            // The other libraries every page needs: TanStack Query, i18next, zod.
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 20 },
            // Everything else a first paint needs, in one chunk per set of pages that need it.
            ...(byRoute ? [byRoute.group] : []),
          ],
        },
      },
    },
  },
}));
