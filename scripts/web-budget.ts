/**
 * `npm run budget` (a step of `npm test`, after the build): the JavaScript each route of the web
 * console needs for its first paint, gzip-compressed, against apps/web/bundle-budget.json (issue 16).
 *
 * A route's first-paint JS is, from Vite's manifest (apps/web/dist/.vite/manifest.json): the entry
 * (index.html's script) with everything it imports statically, the default language's messages
 * (loaded before the first render), and for the route and each layout above it, the module its
 * `load` imports with everything that imports statically, and the message parts it names
 * (`messages`: `src/shared/i18n/locales/<part>/<lang>.ts`, loaded beside the page). Chunks shared by
 * several of these are counted once.
 *
 * Every route has its own budget in the file; the check fails when a route is over it, and when a
 * route has none (a new page: run `npm run budget -- --write`, which sets a missing route's budget
 * to its size plus `headroomPercent` and lowers — never raises — the others that shrank). Raising
 * a budget is a hand edit of the file, with the reason in the commit. `goalKiB` is issue 16's goal
 * (200 KiB): routes above it are listed, without failing, until the shell gets there.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';

/**
 * What this check reads of an entry of the web's route table (apps/web/src/app/routes.ts, loaded at
 * run time so that the API's type check, which covers scripts/, does not compile the web's TSX).
 */
export interface RouteEntry {
  readonly id: string;
  readonly path?: string;
  readonly index?: true;
  readonly load?: () => Promise<unknown>;
  readonly messages?: readonly string[];
  readonly redirectTo?: string;
  readonly children?: readonly RouteEntry[];
}

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

interface Budget {
  goalKiB: number;
  headroomPercent: number;
  /** Languages whose messages count toward the first paint (the default one, and the largest). */
  languages: string[];
  routes: Record<string, number>;
}

const root = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(root, 'apps/web');
// WEB_DIST_DIR: a build elsewhere (`vite build --outDir`), e.g. beside an e2e run that serves apps/web/dist.
const distDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(webRoot, 'dist');
const budgetFile = path.join(webRoot, 'bundle-budget.json');
const appDir = path.join(webRoot, 'src/app');

/** The module a route's `load` imports, from its source text: `import('../features/x/pages/Y.tsx')`. */
function loadedModule(load: RouteEntry['load']): string | undefined {
  if (!load) return undefined;
  const match = /(?:import|__vite_ssr_dynamic_import__)\(\s*['"]([^'"]+)['"]\s*\)/.exec(load.toString());
  if (!match) throw new Error(`cannot read the module of a route's load: ${load.toString()}`);
  return path.relative(webRoot, path.resolve(appDir, match[1]!)).split(path.sep).join('/');
}

/** Every page route (a leaf with a page to show) with the modules and message parts from the root down to it. */
export function leaves(
  entries: readonly RouteEntry[],
  above: string[] = [],
  partsAbove: string[] = [],
): { id: string; modules: string[]; parts: string[] }[] {
  return entries.flatMap((entry) => {
    const module = loadedModule(entry.load);
    const chain = module ? [...above, module] : above;
    const parts = [...partsAbove, ...(entry.messages ?? [])];
    if (entry.children?.length) return leaves(entry.children, chain, parts);
    if (entry.redirectTo !== undefined || !module) return [];
    return [{ id: entry.id, modules: chain, parts }];
  });
}

function staticClosure(manifest: Manifest, key: string, into: Set<string>) {
  if (into.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in Vite's manifest (is the web built? npm run build)`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

const gzipSizes = new Map<string, number>();
function gzipSize(file: string) {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/**
 * The manifest keys of the chunks a route needs before its first paint: the entry's static closure,
 * the given languages' message chunks with theirs, and each module's (layouts, page) static closure.
 */
export function firstPaintChunks(
  manifest: Manifest,
  modules: readonly string[],
  languages: readonly string[],
  parts: readonly string[] = [],
): Set<string> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error("Vite's manifest names no entry");
  const chunks = new Set<string>();
  staticClosure(manifest, entryKey, chunks);
  // The messages of the first language load before the first render (main.tsx → switchLocale):
  // the console's and Cloudscape's. zod's locales load with the first form (shared/form/zod-locale.ts).
  const languageChunks = Object.keys(manifest).filter((key) =>
    languages.some((lang) => new RegExp(`(?:^src/shared/i18n/locales/${lang}\\.ts|/messages/all\\.${lang}(?:-[A-Z]+)?\\.js)$`).test(key)),
  );
  for (const key of languageChunks) staticClosure(manifest, key, chunks);
  // The route's message parts load beside its page (app/route-objects.ts), in the same languages.
  // A part lives in shared/i18n/locales/<part>/ or in its feature's folder (features/<part>/messages/).
  for (const part of parts) {
    for (const lang of languages) {
      const shared = `src/shared/i18n/locales/${part}/${lang}.ts`;
      staticClosure(manifest, manifest[shared] ? shared : `src/features/${part}/messages/${lang}.ts`, chunks);
    }
  }
  for (const module of modules) staticClosure(manifest, module, chunks);
  return chunks;
}

export function measureRoutes(manifest: Manifest, budget: Budget, routes: readonly RouteEntry[]) {
  return leaves(routes).map(({ id, modules, parts }) => {
    const chunks = firstPaintChunks(manifest, modules, budget.languages, parts);
    const bytes = [...chunks].reduce((sum, key) => sum + gzipSize(manifest[key]!.file), 0);
    return { id, kib: bytes / 1024, limitKiB: budget.routes[id], chunks: chunks.size };
  });
}

if (import.meta.main) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const budget = JSON.parse(readFileSync(budgetFile, 'utf8')) as Budget;
  const { ROUTES } = (await import(pathToFileURL(path.join(webRoot, 'src/app/routes.ts')).href)) as { ROUTES: readonly RouteEntry[] };
  let figures = measureRoutes(manifest, budget, ROUTES);
  if (process.argv.includes('--write')) {
    const routes: Record<string, number> = {};
    for (const figure of figures) {
      const fits = Math.ceil(figure.kib * (1 + budget.headroomPercent / 100));
      routes[figure.id] = figure.limitKiB === undefined ? fits : Math.min(figure.limitKiB, fits);
    }
    budget.routes = routes;
    writeFileSync(budgetFile, `${JSON.stringify(budget, null, 2)}\n`);
    figures = measureRoutes(manifest, budget, ROUTES);
  }
  const failing = figures.filter((figure) => figure.limitKiB === undefined || figure.kib > figure.limitKiB);
  process.stdout.write(`route                              first-paint JS (gzip)   budget   goal ${budget.goalKiB} KiB   chunks\n`);
  for (const figure of figures) {
    const state = figure.limitKiB === undefined ? 'NEW ' : figure.kib > figure.limitKiB ? 'OVER' : 'ok  ';
    process.stdout.write(
      `${state} ${figure.id.padEnd(30)} ${`${figure.kib.toFixed(1)} KiB`.padStart(12)}   ${`${figure.limitKiB ?? '-'} KiB`.padStart(10)}   ${(figure.kib <= budget.goalKiB ? 'met' : 'not yet').padStart(12)}   ${String(figure.chunks).padStart(4)}\n`,
    );
  }
  const aboveGoal = figures.filter((figure) => figure.kib > budget.goalKiB).length;
  if (failing.length) {
    process.stdout.write(
      `\n${failing.length} route(s) over or without a budget: ${failing.map((figure) => figure.id).join(', ')}.\n` +
        'Load what the first paint does not need on demand (README "Adding a module"). A new route: run\n' +
        '`npm run budget -- --write`. A deliberate growth: raise its figure in apps/web/bundle-budget.json and say why in the commit.\n',
    );
    process.exit(1);
  }
  process.stdout.write(`\n${figures.length} routes within their budgets; ${aboveGoal} still above the ${budget.goalKiB} KiB goal.\n`);
}
