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
 * Code a page asks for as it loads, after its first paint (`onDemand(…, { now: true })`: the side
 * navigation, a dashboard's widgets, a settings page's sections) is an *eager part*: a module such a
 * part reaches is grouped by the parts that reach it too. Otherwise a part drags whole chunks of
 * other pages' first paints along — the side navigation's expandable section sat in one chunk with
 * the alarm form, so every page fetched the alarm form, react-hook-form and date-fns before its
 * header had painted (`eagerParts`).
 *
 * The graph is read in `buildEnd` (all modules parsed), before rolldown cuts the chunks and calls
 * the group's `test` and `name`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
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

/** A module that asks for a part of itself as it loads: `onDemand(load, { now: true })` (shared/ui/on-demand.tsx). */
export const eagerPartCaller = /\bnow:\s*true\b/;

/**
 * For each first-paint module an eager part reaches, the parts it is grouped by (`p<n>`): a part
 * counts for a module only where some page that can ask for the part (a page whose first paint
 * holds a module asking for it) does not already have the module in its first paint — what every
 * such page paints with is in hand and costs the part nothing, so the chunks every page loads are
 * not split. `needs`: module → the first paints (page × language) that need it; `eagerParts`:
 * part → the modules asking for it; `closureOf`: a module with what its static imports reach.
 */
export function eagerPartKeys(
  needs: ReadonlyMap<string, readonly number[]>,
  eagerParts: ReadonlyMap<string, readonly string[]>,
  closureOf: (id: string) => ReadonlySet<string>,
): Map<string, string[]> {
  const partsOf = new Map<string, string[]>();
  [...eagerParts.keys()].sort().forEach((part, index) => {
    const askers = new Set<number>();
    for (const caller of eagerParts.get(part)!) for (const signature of needs.get(caller) ?? []) askers.add(signature);
    for (const id of closureOf(part)) {
      const painted = new Set(needs.get(id) ?? []);
      if ([...askers].every((signature) => painted.has(signature))) continue;
      let list = partsOf.get(id);
      if (!list) partsOf.set(id, (list = []));
      list.push(`p${index}`);
    }
  });
  return partsOf;
}

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
      // The eager parts: what a module asking for parts as it loads imports dynamically (a page's own
      // route modules and the message modules aside), each with the modules asking for it.
      const routeModules = new Set(pages.flatMap((page) => page.modules.map(moduleId)));
      const eagerParts = new Map<string, string[]>();
      for (const id of ids) {
        if (id.startsWith('\0') || !id.startsWith(path.join(root, 'src'))) continue;
        let source: string;
        try {
          source = readFileSync(id, 'utf8');
        } catch {
          continue;
        }
        if (!eagerPartCaller.test(source)) continue;
        for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
          const relative = path.relative(root, target).split(path.sep).join('/');
          if (!routeModules.has(target) && !messageModulePattern.test(relative)) eagerParts.set(target, [...(eagerParts.get(target) ?? []), id]);
        }
      }
      const partsOf = eagerPartKeys(needs, eagerParts, closureOf);
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
        const key = [list.join(','), ...(partsOf.get(id) ?? [])].join(',');
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
