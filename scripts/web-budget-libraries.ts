/**
 * `WEB_MODULE_REPORT=1 npm run build && node scripts/web-budget-libraries.ts [route…]`: where a
 * route's first-paint JS goes, by library (issue 16). Each chunk's gzip size (as `npm run budget`
 * counts it) is shared among its modules by their rendered size (dist/.vite/modules.json, written
 * by the build's module report), and the modules are grouped by package (`node_modules/<name>`),
 * the contracts, the console's messages and the console's own code. Without routes: the smallest,
 * a few typical ones and the largest.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { firstPaintChunks, leaves, readModuleFiles, type Manifest, type RouteEntry } from './web-budget.ts';

const root = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(root, 'apps/web');
// WEB_DIST_DIR: a build elsewhere (`vite build --outDir`), e.g. beside an e2e run that serves apps/web/dist.
const distDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(webRoot, 'dist');

const GROUPS: readonly (readonly [RegExp, string])[] = [
  [/^(?:react|react-dom|scheduler)$/, 'React + react-dom'],
  [/^preact$/, 'Preact (preact/compat, the renderer)'],
  [/^(?:react-router|cookie|set-cookie-parser)$/, 'react-router'],
  [/^(?:intl-messageformat|@formatjs\/.*)$/, "Cloudscape's message formatter"],
  [/^@cloudscape-design\/components$/, 'Cloudscape components'],
  [/^@cloudscape-design\/.*$/, 'Cloudscape internals (toolkit, theming, tokens…)'],
  [/^(?:i18next|react-i18next)$/, 'i18next + react-i18next'],
  [/^@tanstack\/.*$/, 'TanStack Query'],
  [/^(?:react-hook-form|@hookform\/.*)$/, 'react-hook-form + resolver'],
];

/** The library a module of the build belongs to. */
export function libraryOf(id: string): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const inPackage = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(clean.slice(clean.lastIndexOf('node_modules')));
  if (inPackage) {
    const name = inPackage[1]!.replace(/\\/g, '/');
    return GROUPS.find(([test]) => test.test(name))?.[1] ?? name;
  }
  if (clean.startsWith('virtual:validation-messages/')) return 'field messages (one language)';
  if (/packages[\\/]contracts[\\/]/.test(clean)) return 'contracts';
  if (/apps[\\/]web[\\/]src[\\/]shared[\\/]i18n[\\/]locales[\\/]/.test(clean)) return 'console messages';
  if (/apps[\\/]web[\\/]src[\\/]shared[\\/]i18n[\\/](?:translator|use-translation)\.ts$/.test(clean)) return "the console's translator (i18next's subset)";
  if (/apps[\\/]web[\\/]src[\\/]features[\\/]/.test(clean)) return 'console features (pages, forms)';
  if (/apps[\\/]web[\\/]src[\\/]/.test(clean)) return 'console shell (app/, shared/, data/, widgets/)';
  return 'other (bundler helpers)';
}

const kib = (bytes: number | undefined) => (bytes ? (bytes / 1024).toFixed(1) : '–');

if (import.meta.main) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const moduleFiles = readModuleFiles(distDir);
  let report: Record<string, Record<string, number>>;
  try {
    report = JSON.parse(readFileSync(path.join(distDir, '.vite/modules.json'), 'utf8')) as typeof report;
  } catch {
    throw new Error('no dist/.vite/modules.json: build with WEB_MODULE_REPORT=1 npm run build');
  }
  const budget = JSON.parse(readFileSync(path.join(webRoot, 'bundle-budget.json'), 'utf8')) as { languages: string[] };
  const { ROUTES } = (await import(pathToFileURL(path.join(webRoot, 'src/app/routes.ts')).href)) as { ROUTES: readonly RouteEntry[] };
  const all = leaves(ROUTES);
  const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const picked = asked.length ? asked : ['partners', 'login', 'not-found', 'home', 'project-dashboard', 'org-member-index', 'project-role-group-add'];

  const byRoute = new Map<string, Map<string, number>>();
  for (const id of picked) {
    const leaf = all.find((route) => route.id === id);
    if (!leaf) throw new Error(`no route ${id}`);
    const libraries = new Map<string, number>();
    for (const key of firstPaintChunks(manifest, leaf.modules, budget.languages, leaf.parts, moduleFiles)) {
      const file = manifest[key]!.file;
      const gzip = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
      const modules = Object.entries(report[file] ?? {});
      const rendered = modules.reduce((sum, [, size]) => sum + size, 0);
      if (!rendered) {
        libraries.set('other (bundler helpers)', (libraries.get('other (bundler helpers)') ?? 0) + gzip);
        continue;
      }
      for (const [module, size] of modules) {
        const library = libraryOf(module);
        libraries.set(library, (libraries.get(library) ?? 0) + (gzip * size) / rendered);
      }
    }
    byRoute.set(id, libraries);
  }

  const names = [...new Set([...byRoute.values()].flatMap((libraries) => [...libraries.keys()]))];
  const total = (library: string) => [...byRoute.values()].reduce((sum, libraries) => sum + (libraries.get(library) ?? 0), 0);
  names.sort((a, b) => total(b) - total(a));
  process.stdout.write(`| KiB gzip | ${picked.join(' | ')} |\n|---|${picked.map(() => '---').join('|')}|\n`);
  for (const name of names) process.stdout.write(`| ${name} | ${picked.map((id) => kib(byRoute.get(id)!.get(name))).join(' | ')} |\n`);
  const sums = picked.map((id) => [...byRoute.get(id)!.values()].reduce((sum, bytes) => sum + bytes, 0));
  process.stdout.write(`| total | ${sums.map((bytes) => kib(bytes)).join(' | ')} |\n`);
}
