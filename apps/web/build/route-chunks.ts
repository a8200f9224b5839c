/**
 * Which built chunks each page of the console needs before its first paint, from Vite's manifest
 * (dist/.vite/manifest.json) and the route table (src/app/routes.ts). One place for the three
 * readers (issue 16): the budget check (scripts/web-budget.ts, bytes per route), the build's chunk
 * grouping by route (route-chunk-groups.ts) and the list of files the API preloads in the HTML of
 * each console address (route-preloads.ts → dist/.vite/route-preloads.json, read by
 * apps/api/src/platform/web.ts). Plain TypeScript on Node's API only: the API's type check compiles it.
 */
import path from 'node:path';

/**
 * What these readers need of an entry of the web's route table (apps/web/src/app/routes.ts, loaded
 * at run time so that the API's type check, which covers scripts/, does not compile the web's TSX).
 */
export interface RouteEntry {
  readonly id: string;
  readonly path?: string;
  readonly index?: true;
  readonly load?: () => Promise<unknown>;
  readonly messages?: readonly string[];
  readonly redirectTo?: string;
  /** The route's prefetch, whose `calls` (a kind of @console/contracts/first-calls) the API preloads in the HTML. */
  readonly prefetch?: { readonly calls?: string };
  readonly children?: readonly RouteEntry[];
}

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * dist/.vite/module-chunks.json (route-preloads.ts writes it): the chunk file of every module of the
 * build, by its path relative to apps/web. Vite's manifest names a chunk by its one module only when
 * the chunk has one entry module; a chunk of the route groups (route-chunk-groups.ts) holds several
 * pages' and message parts' modules, which only this map finds.
 */
export type ModuleFiles = Record<string, string>;

/**
 * dist/.vite/route-preloads.json, written by the build (route-preloads.ts) and read by the API
 * (apps/api/src/platform/console-html.ts): per page, its pattern, its JS and CSS beyond the entry's
 * (the layouts' first, then the page's) and the message parts it shows.
 */
export interface RoutePreload {
  id: string;
  /** react-router's pattern without the leading slash (`org/:orgId/dashboard`, `*`). */
  path: string;
  /** The route's chunks in the order the router loads them (its layouts', then its page's). */
  files?: string[];
  css?: string[];
  parts?: string[];
  /** An address that only forwards (an index route's `redirectTo`): the pattern it forwards to. */
  redirect?: string;
  /**
   * A page beneath the signed-in layout (`SIGNED_IN_LAYOUT`): a visitor without a session is sent
   * to sign-in by the client, so the server preloads the sign-in page's chunks for them instead.
   */
  session?: true;
  /**
   * The kinds of first calls (@console/contracts/first-calls) of its layouts and its own page, from
   * their route prefetch: the API preloads them in the HTML for a signed-in visitor.
   */
  calls?: string[];
}

/** The id of the route table's layout whose pages need a session (apps/web/src/app/routes.ts). */
export const SIGNED_IN_LAYOUT = 'signed-in';

export interface RoutePreloads {
  routes: RoutePreload[];
  /** Per language, the first-paint messages' chunks (the console's and Cloudscape's). */
  languages: Record<string, string[]>;
  /** Per message part and language, its chunks. */
  parts: Record<string, Record<string, string[]>>;
}

/** The console's languages (packages/contracts' Lang), as their message files are named. */
export const LANGUAGES = ['ko', 'en', 'ja', 'zh'] as const;

/** A page of the route table: its id, full path pattern, the modules from the root down, its message parts. */
export interface RouteLeaf {
  id: string;
  /** The address pattern, react-router's syntax without the leading slash: `org/:orgId/dashboard`, `*`. */
  path: string;
  modules: string[];
  parts: string[];
  /** The ids of the entries above it, from the root down (its layouts). */
  layouts: string[];
  /** The `prefetch.calls` of its layouts and its own, from the root down. */
  calls: string[];
}

/** The module a route's `load` imports, from its source text: `import('../features/x/pages/Y.tsx')`. */
function loadedModule(load: RouteEntry['load'], webRoot: string): string | undefined {
  if (!load) return undefined;
  const match = /(?:import|__vite_ssr_dynamic_import__)\(\s*['"]([^'"]+)['"]\s*\)/.exec(load.toString());
  if (!match) throw new Error(`cannot read the module of a route's load: ${load.toString()}`);
  const appDir = path.join(webRoot, 'src/app');
  return path.relative(webRoot, path.resolve(appDir, match[1]!)).split(path.sep).join('/');
}

const joinPath = (above: string, own: string | undefined) => (own === undefined || own === '' ? above : above ? `${above}/${own}` : own);

/**
 * Every page route (a leaf with a page to show) with its address pattern, the modules and the
 * message parts from the root down to it. `webRoot`: apps/web (the table's imports are relative to src/app).
 */
export function leaves(
  entries: readonly RouteEntry[],
  webRoot: string,
  above: string[] = [],
  partsAbove: string[] = [],
  pathAbove = '',
  layouts: string[] = [],
  callsAbove: string[] = [],
): RouteLeaf[] {
  return entries.flatMap((entry) => {
    const module = loadedModule(entry.load, webRoot);
    const chain = module ? [...above, module] : above;
    const parts = [...partsAbove, ...(entry.messages ?? [])];
    const pattern = joinPath(pathAbove, entry.path);
    const calls = entry.prefetch?.calls === undefined ? callsAbove : [...callsAbove, entry.prefetch.calls];
    if (entry.children?.length) return leaves(entry.children, webRoot, chain, parts, pattern, [...layouts, entry.id], calls);
    if (entry.redirectTo !== undefined || !module) return [];
    return [{ id: entry.id, path: pattern, modules: chain, parts, layouts, calls }];
  });
}

/** The manifest key of a module's chunk: its own key, else the key of the chunk the module was put in. */
function keyOf(manifest: Manifest, module: string, moduleFiles: ModuleFiles | undefined): string {
  if (manifest[module] || !moduleFiles?.[module]) return module;
  const file = moduleFiles[module];
  return Object.keys(manifest).find((key) => manifest[key]!.file === file) ?? module;
}

function staticClosure(manifest: Manifest, key: string, into: Set<string>) {
  if (into.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in Vite's manifest (is the web built? npm run build)`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

/** The source modules of a language's first-paint messages (the console's and Cloudscape's). */
export const languageModulePattern = (lang: string) => new RegExp(`(?:^src/shared/i18n/locales/${lang}\\.ts|/messages/all\\.${lang}(?:-[A-Z]+)?\\.js)$`);

/** The source module of a message part in a language: shared/i18n/locales/<part>/ or its feature's folder. */
export function partModules(part: string, lang: string): [shared: string, feature: string] {
  return [`src/shared/i18n/locales/${part}/${lang}.ts`, `src/features/${part}/messages/${lang}.ts`];
}

/**
 * The manifest keys of the chunks a route needs before its first paint: the entry's static closure,
 * the given languages' message chunks with theirs, and each module's (layouts, page) static closure.
 * In the order a browser would want them: the entry's first, then the languages', then the route's.
 */
export function firstPaintChunks(
  manifest: Manifest,
  modules: readonly string[],
  languages: readonly string[],
  parts: readonly string[] = [],
  moduleFiles?: ModuleFiles,
): Set<string> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error("Vite's manifest names no entry");
  const chunks = new Set<string>();
  staticClosure(manifest, entryKey, chunks);
  // The messages of the first language load before the first render (main.tsx → switchLocale):
  // the console's and Cloudscape's. zod's locales load with the first form (shared/form/zod-locale.ts).
  const languageModules = [...new Set([...Object.keys(manifest), ...Object.keys(moduleFiles ?? {})])].filter((key) =>
    languages.some((lang) => languageModulePattern(lang).test(key)),
  );
  for (const module of languageModules) staticClosure(manifest, keyOf(manifest, module, moduleFiles), chunks);
  // The route's message parts load beside its page (app/route-objects.ts), in the same languages.
  for (const part of parts) {
    for (const lang of languages) {
      const [shared, feature] = partModules(part, lang);
      staticClosure(manifest, keyOf(manifest, manifest[shared] || moduleFiles?.[shared] ? shared : feature, moduleFiles), chunks);
    }
  }
  for (const module of modules) staticClosure(manifest, keyOf(manifest, module, moduleFiles), chunks);
  return chunks;
}
