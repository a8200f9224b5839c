/**
 * `npm run budget` (a step of `npm test`, after the build): the JavaScript each route of the web
 * console needs for its first paint, gzip-compressed, against apps/web/bundle-budget.json (issue 16).
 *
 * A route's first-paint JS is, from Vite's manifest (apps/web/dist/.vite/manifest.json): the entry
 * (index.html's script) with everything it imports statically, the default language's messages
 * (loaded before the first render), and for the route and each layout above it, the module its
 * `load` imports with everything that imports statically, and the message parts it names
 * (`messages`: `src/shared/i18n/locales/<part>/<lang>.ts`, loaded beside the page). Chunks shared by
 * several of these are counted once. A module in a chunk of the route groups (one chunk for several
 * pages' modules, which the manifest does not name) is found through dist/.vite/module-chunks.json;
 * the reading is apps/web/build/route-chunks.ts, shared with the build's preload table.
 *
 * Every route has its own budget in the file; the check fails when a route is over it, and when a
 * route has none (a new page: run `npm run budget -- --write`, which sets a missing route's budget
 * to its size plus `headroomPercent` and lowers — never raises — the others that shrank). Raising
 * a budget is a hand edit of the file, with the reason in the commit. `goalKiB` is issue 16's goal
 * (200 KiB): routes above it are listed, without failing, until the shell gets there.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { firstPaintChunks, leaves as routeLeaves, type Manifest, type ModuleFiles, type RouteEntry } from '../apps/web/build/route-chunks.ts';

export { firstPaintChunks, type Manifest, type ManifestChunk, type ModuleFiles, type RouteEntry } from '../apps/web/build/route-chunks.ts';

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

/** Every page route with the modules and message parts from the root down to it (apps/web/build/route-chunks.ts). */
export const leaves = (entries: readonly RouteEntry[]) => routeLeaves(entries, webRoot);

const gzipSizes = new Map<string, number>();
function gzipSize(file: string) {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** Each module's chunk (dist/.vite/module-chunks.json), for the modules that share a chunk of the route groups; absent in older builds. */
export function readModuleFiles(dir = distDir): ModuleFiles | undefined {
  const file = path.join(dir, '.vite/module-chunks.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ModuleFiles) : undefined;
}

export function measureRoutes(manifest: Manifest, budget: Budget, routes: readonly RouteEntry[], moduleFiles = readModuleFiles()) {
  return leaves(routes).map(({ id, modules, parts }) => {
    const chunks = firstPaintChunks(manifest, modules, budget.languages, parts, moduleFiles);
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
