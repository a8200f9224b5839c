/**
 * dist/.vite/route-preloads.json (issue 16): for each page of the route table, its address pattern
 * and the files its first paint needs beyond index.html's own (apps/web/build/route-chunks.ts, the
 * budget check's reading), so that the API answers a console address with index.html carrying a
 * `<link rel="modulepreload">` for each (apps/api/src/platform/web.ts): the browser fetches the
 * route's chunks beside the entry instead of after index.js has run and the router matched.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import {
  firstPaintChunks,
  LANGUAGES,
  leaves,
  type Manifest,
  type ModuleFiles,
  type RouteEntry,
  type RoutePreload,
  type RoutePreloads,
  SIGNED_IN_LAYOUT,
} from './route-chunks.ts';

const joinPath = (above: string, own: string | undefined) => (own === undefined || own === '' ? above : above ? `${above}/${own}` : own);

/** The forwarding entries (`redirectTo`) with their pattern and the pattern they forward to. */
function redirects(entries: readonly RouteEntry[], above = ''): { id: string; path: string; redirect: string }[] {
  return entries.flatMap((entry) => {
    const pattern = joinPath(above, entry.path);
    if (entry.children?.length) return redirects(entry.children, pattern);
    if (entry.redirectTo === undefined) return [];
    // A splat or index route forwards from its parent's path (app/route-objects.ts, indexRedirectLoader).
    return [{ id: entry.id, path: pattern, redirect: joinPath(above, entry.redirectTo) }];
  });
}

/** What the server preloads per page, from the manifest and the route table (`webRoot`: apps/web). */
export function routePreloads(manifest: Manifest, routes: readonly RouteEntry[], webRoot: string, moduleFiles?: ModuleFiles): RoutePreloads {
  const entryChunks = firstPaintChunks(manifest, [], [], [], moduleFiles);
  const fileOf = (key: string) => manifest[key]!.file;
  const beyondEntry = (keys: Iterable<string>) => [...keys].filter((key) => !entryChunks.has(key));
  const cssOf = (keys: Iterable<string>) => [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))];
  const entryCss = new Set(cssOf(entryChunks));
  const languages = Object.fromEntries(
    LANGUAGES.map((lang) => {
      return [lang, beyondEntry(firstPaintChunks(manifest, [], [lang], [], moduleFiles)).map(fileOf)];
    }),
  );
  const pages = leaves(routes, webRoot);
  const parts: RoutePreloads['parts'] = {};
  for (const part of new Set(pages.flatMap((page) => page.parts))) {
    parts[part] = Object.fromEntries(
      LANGUAGES.map((lang) => {
        const withLanguage = firstPaintChunks(manifest, [], [lang], [], moduleFiles);
        const withPart = firstPaintChunks(manifest, [], [lang], [part], moduleFiles);
        return [lang, [...withPart].filter((key) => !withLanguage.has(key)).map(fileOf)];
      }),
    );
  }
  return {
    routes: [
      ...pages.map((page): RoutePreload => {
        const chunks = beyondEntry(firstPaintChunks(manifest, page.modules, [], [], moduleFiles));
        return {
          id: page.id,
          path: page.path,
          files: chunks.map(fileOf),
          css: cssOf(chunks).filter((file) => !entryCss.has(file)),
          parts: page.parts,
          ...(page.layouts.includes(SIGNED_IN_LAYOUT) ? { session: true as const } : {}),
          ...(page.calls.length ? { calls: page.calls } : {}),
        };
      }),
      ...redirects(routes),
    ],
    languages,
    parts,
  };
}

/**
 * Writes dist/.vite/module-chunks.json (each module's chunk, route-chunks.ts) with the bundle, and
 * dist/.vite/route-preloads.json once the build (and Vite's manifest) is written.
 */
export function routePreloadsFile(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'console:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const moduleFiles: ModuleFiles = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) if (!id.startsWith('\0')) moduleFiles[path.relative(root, id).split(path.sep).join('/')] = chunk.fileName;
      }
      this.emitFile({ type: 'asset', fileName: '.vite/module-chunks.json', source: JSON.stringify(moduleFiles) });
    },
    async closeBundle() {
      const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const moduleFiles = JSON.parse(await readFile(path.join(outDir, '.vite/module-chunks.json'), 'utf8')) as ModuleFiles;
      // Loaded at run time (Node strips the types): the table's pages are not bundled into the config.
      const tableUrl = pathToFileURL(path.join(root, 'src/app/routes.ts')).href;
      const { ROUTES } = (await import(/* @vite-ignore */ tableUrl)) as { ROUTES: readonly RouteEntry[] };
      await writeFile(path.join(outDir, '.vite/route-preloads.json'), JSON.stringify(routePreloads(manifest, ROUTES, root, moduleFiles)));
    },
  };
}
