/**
 * Chunks cut along the pages' first paints (issue 16). Rolldown's automatic splitting makes a chunk
 * for every set of dynamic imports that share a module, so a page's first paint needed 67–129
 * chunks, many under 1 KiB, each one more request (HTTP/1.1: six at a time). Here every module a
 * first paint needs is put in a chunk with the modules that exactly the same first paints need:
 * the pages (each in each language, apps/web/build/route-chunks.ts) whose first paint reaches the
 * module by static imports from the entry, the language's messages, the page's message parts and
 * its layouts' and page's modules. Two modules share a chunk only when every page that needs one
 * needs the other, so no page's first paint carries a byte more; code only loaded later (a modal,
 * a section below the fold) keeps rolldown's automatic chunks.
 *
 * The graph is read in `buildEnd` (all modules parsed), before rolldown cuts the chunks and calls
 * the group's `test` and `name`.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { LANGUAGES, languageModulePattern, leaves, partModules, type RouteEntry } from './route-chunks.ts';

export interface RouteChunkGroups {
  plugin: Plugin;
  /** The codeSplitting group: every module of a first paint, named by the set of first paints that need it. */
  group: {
    name: (id: string) => string | null;
    debugName: string;
    test: (id: string) => boolean;
    priority: number;
    includeDependenciesRecursively: boolean;
  };
}

/** The console's message modules: `src/shared/i18n/locales/[<part>/]<lang>.ts`, `src/features/<x>/messages/<lang>.ts`. */
export const messageModulePattern = new RegExp(`^src/(?:shared/i18n/locales/(?:[\\w-]+/)?|features/[\\w-]+/messages/)(?:${LANGUAGES.join('|')})\\.ts$`);

export function routeChunkGroups(priority: number): RouteChunkGroups {
  const chunkOf = new Map<string, string>();
  let root = '.';
  const plugin: Plugin = {
    name: 'console:route-chunk-groups',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildEnd(error) {
      if (error) return;
      const { ROUTES } = (await import(/* @vite-ignore */ pathToFileURL(path.join(root, 'src/app/routes.ts')).href)) as { ROUTES: readonly RouteEntry[] };
      const ids = [...this.getModuleIds()];
      const byRelative = new Map(ids.map((id) => [path.relative(root, id).split(path.sep).join('/'), id]));
      const closures = new Map<string, Set<string>>();
      const closureOf = (start: string): Set<string> => {
        let closure = closures.get(start);
        if (closure) return closure;
        closure = new Set();
        const stack = [start];
        while (stack.length) {
          const id = stack.pop()!;
          if (closure.has(id)) continue;
          closure.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) stack.push(imported);
        }
        closures.set(start, closure);
        return closure;
      };
      const moduleId = (relative: string) => {
        const id = byRelative.get(relative);
        if (!id) throw new Error(`route-chunk-groups: ${relative} is not in the build`);
        return id;
      };
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const pages = leaves(ROUTES, root);
      const needs = new Map<string, number[]>();
      pages.forEach((page, pageIndex) => {
        LANGUAGES.forEach((lang, langIndex) => {
          const starts = [
            ...entries,
            ...ids.filter((id) => languageModulePattern(lang).test(path.relative(root, id).split(path.sep).join('/')) || languageModulePattern(lang).test(id)),
            ...page.parts.map((part) => {
              const [shared, feature] = partModules(part, lang);
              return moduleId(byRelative.has(shared) ? shared : feature);
            }),
            ...page.modules.map(moduleId),
          ];
          const reached = new Set<string>();
          for (const start of starts) for (const id of closureOf(start)) reached.add(id);
          const signature = pageIndex * LANGUAGES.length + langIndex;
          for (const id of reached) {
            let list = needs.get(id);
            if (!list) needs.set(id, (list = []));
            list.push(signature);
          }
        });
      });
      const all = pages.length * LANGUAGES.length;
      chunkOf.clear();
      const entryModules = new Set(entries.flatMap((entry) => [...closureOf(entry)]));
      for (const [id, list] of needs) {
        // Virtual modules (rolldown's runtime, Vite's preload helper) and the entry with its static
        // imports (index.html's own chunks and groups) stay where the bundler puts them.
        if (id.startsWith('\0') || entryModules.has(id)) continue;
        // A message module (one part, one language) keeps a chunk of its own: a language switch loads
        // just that, and the e2e suite's pseudo-locale answers the English ones one module per chunk.
        if (messageModulePattern.test(path.relative(root, id).split(path.sep).join('/'))) continue;
        const pageIds = new Set(list.map((signature) => pages[Math.floor(signature / LANGUAGES.length)]!.id));
        const langs = new Set(list.map((signature) => LANGUAGES[signature % LANGUAGES.length]!));
        const key = list.join(',');
        const hash = createHash('sha256').update(key).digest('hex').slice(0, 8);
        const lang = langs.size === 1 ? `-${[...langs][0]}` : '';
        const base = list.length === all ? 'every-page' : pageIds.size === 1 ? `${[...pageIds][0]}${lang}` : pageIds.size === pages.length ? `all-pages${lang}` : `pages${lang}`;
        chunkOf.set(id, `${base}-${hash}`);
      }
    },
  };
  return {
    plugin,
    group: {
      name: (id) => chunkOf.get(id) ?? null,
      debugName: 'route-groups',
      test: (id) => chunkOf.has(id),
      priority,
      includeDependenciesRecursively: false,
    },
  };
}
