import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from '../shared/i18n/locales/en.ts';
import { MESSAGE_PARTS, MESSAGE_PART_NAMES, type MessagePart } from '../shared/i18n/message-parts.ts';
import type { RouteEntry } from './route-types.ts';
import { ROUTES } from './routes.ts';

/**
 * Issue 16: a route's strings outside the first-paint messages load with the route (`messages`),
 * so a route that shows a key of a part it does not name would paint that key raw. This reads the
 * code each route loads (its layouts and page with everything they import, statically or on
 * demand) and finds the message keys it can show.
 */

const SRC = normalize(join(dirname(fileURLToPath(import.meta.url)), '..'));

type Tree = { readonly [key: string]: string | Tree };
const partTrees = Object.fromEntries(
  await Promise.all(MESSAGE_PART_NAMES.map(async (part) => [part, (await MESSAGE_PARTS[part].en()) as Tree] as const)),
) as Record<MessagePart, Tree>;

function resolveIn(tree: Tree, path: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const segment of path.split('.')) {
    if (node === undefined || typeof node === 'string') return false;
    node = node[segment];
  }
  return node !== undefined;
}

/** Where a key (or a key prefix of a template such as `roleGroups.days.`) lives: the shell, a part, or nowhere. */
function homeOf(key: string): 'shell' | MessagePart | undefined {
  if (resolveIn(en as unknown as Tree, key)) return 'shell';
  return MESSAGE_PART_NAMES.find((part) => resolveIn(partTrees[part], key));
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = normalize(join(dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return undefined;
}

interface Use {
  readonly key: string;
  readonly file: string;
  readonly part: MessagePart;
}

interface Analysis {
  readonly staticImports: string[];
  readonly dynamicImports: string[];
  readonly uses: Use[];
  /** The parts the module loads itself (`loadMessageParts([...])`) before it shows them. */
  readonly loads: MessagePart[];
}

const analysed = new Map<string, Analysis>();
function analyse(file: string): Analysis {
  let result = analysed.get(file);
  if (result) return result;
  const text = readFileSync(file, 'utf8');
  // shared/i18n holds the messages and their loading, and names keys only in its comments.
  // Type-only imports load nothing.
  const code = text.replace(/(?:import|export)\s+type\s[^;]*;/g, '');
  const resolved = (pattern: RegExp) =>
    [...code.matchAll(pattern)]
      .map((match) => resolveImport(file, match[1] ?? ''))
      .filter((path): path is string => path !== undefined && !path.includes('/shared/i18n/'));
  // The route table (the side navigation reads it) loads no page itself: the router loads each
  // with its route's parts; its breadcrumb keys are checked below, its side-navigation labels by
  // shell/SideNav.test.tsx (first-paint keys or four names).
  const routeTable = /\/app\/routes(?:-[a-z]+)?\.ts$/.test(file);
  const uses: Use[] = [];
  if (!routeTable) for (const match of text.matchAll(/['"`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)(\.\$\{|['"`])/g)) {
    const key = match[1]!;
    const home = homeOf(key);
    if (home && home !== 'shell') uses.push({ key, file: relative(SRC, file), part: home });
  }
  const loads = [...text.matchAll(/loadMessageParts\(\[([^\]]*)\]/g)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/'([a-zA-Z]+)'/g)].map((name) => name[1] as MessagePart),
  );
  result = {
    staticImports: resolved(/(?:from|import)\s+['"](\.{1,2}\/[^'"]+)['"]/g),
    dynamicImports: routeTable ? [] : resolved(/import\(\s*['"](\.{1,2}\/[^'"]+)['"]/g),
    uses,
    loads,
  };
  analysed.set(file, result);
  return result;
}

/**
 * Every part key the modules can show that nothing loads before it shows: a module's uses are
 * covered by the parts it loads itself, and a module reached only through an on-demand import
 * (a modal's form) by the parts its importer loaded before importing it. `covered` is what every
 * path to a module guarantees (the intersection over the paths).
 */
function reach(modules: readonly string[], skip: readonly string[] = []) {
  const covered = new Map<string, Set<MessagePart>>();
  const stack: { file: string; parts: Set<MessagePart> }[] = modules.map((file) => ({ file, parts: new Set() }));
  while (stack.length) {
    const { file, parts } = stack.pop()!;
    if (skip.includes(file)) continue;
    const before = covered.get(file);
    const now = before ? new Set([...before].filter((part) => parts.has(part))) : parts;
    if (before && now.size === before.size) continue;
    covered.set(file, now);
    const found = analyse(file);
    for (const next of found.staticImports) stack.push({ file: next, parts: now });
    const loaded = new Set([...now, ...found.loads]);
    for (const next of found.dynamicImports) stack.push({ file: next, parts: loaded });
  }
  const uses = [...covered].flatMap(([file, parts]) => {
    const found = analyse(file);
    return found.uses.filter((use) => !parts.has(use.part) && !found.loads.includes(use.part));
  });
  return { uses };
}

const moduleOf = (load: RouteEntry['load']) => {
  const match = /(?:import|__vite_ssr_dynamic_import__)\(\s*['"]([^'"]+)['"]\s*\)/.exec(load?.toString() ?? '');
  if (!match) return undefined;
  // As written ('../features/…', from app/) or as vite serves it to the test ('/src/features/…').
  return match[1]!.startsWith('/') ? normalize(join(SRC, '..', match[1]!)) : normalize(join(SRC, 'app', match[1]!));
};

interface Chain {
  readonly modules: string[];
  readonly parts: MessagePart[];
  /** The text keys of the breadcrumbs the shell shows on the route (its own and its layouts'). */
  readonly crumbs: string[];
}

function routeChains(entries: readonly RouteEntry[], above: Chain = { modules: [], parts: [], crumbs: [] }) {
  return entries.flatMap((entry): ({ id: string } & Chain)[] => {
    const module = moduleOf(entry.load);
    const chain = {
      modules: module ? [...above.modules, module] : above.modules,
      parts: [...above.parts, ...(entry.messages ?? [])],
      crumbs: entry.crumb?.kind === 'text' ? [...above.crumbs, entry.crumb.key] : above.crumbs,
    };
    if (entry.children?.length) return routeChains(entry.children, chain);
    if (!module) return [];
    return [{ id: entry.id, ...chain }];
  });
}

/** A route's uses of parts it neither names nor loads on demand, as readable lines. */
function unnamed(modules: readonly string[], parts: readonly MessagePart[], skip: readonly string[] = []) {
  const lines = reach(modules, skip)
    .uses.filter((use) => !parts.includes(use.part))
    .map((use) => `${use.part} (${use.key} in ${use.file})`);
  return [...new Set(lines)].toSorted();
}

describe('route messages', () => {
  it('every route names the message parts its layouts and page show', () => {
    const missing = routeChains(ROUTES).flatMap(({ id, modules, parts }) => unnamed(modules, parts).map((line) => `${id}: ${line}`));
    expect(missing).toEqual([]);
  });

  it("every route's breadcrumbs are first-paint keys or keys of a part the route names", () => {
    const missing = routeChains(ROUTES).flatMap(({ id, parts, crumbs }) =>
      crumbs.flatMap((key) => {
        const home = homeOf(key);
        return home === 'shell' || (home !== undefined && parts.includes(home)) ? [] : [`${id}: ${key} (${home ?? 'no such key'})`];
      }),
    );
    expect(missing).toEqual([]);
    // The crumbs of the layouts above count: every alarm page shows "alarms.title" from its parent.
    expect(routeChains(ROUTES).find((chain) => chain.id === 'org-alarm-occurrence')?.crumbs).toEqual(['alarms.title', 'alarms.tabs.occurrence']);
  });

  it('the entry (error routing, the permission modal on any page) shows only first-paint keys or loads its parts', () => {
    // The route table's pages are the first test's; what main.tsx loads besides them is checked here.
    expect(unnamed([join(SRC, 'main.tsx')], [], [join(SRC, 'app/routes.ts')])).toEqual([]);
  });

  it('finds a part key in a module and its imports', () => {
    const { uses } = reach([join(SRC, 'features/members/pages/OrgMembersPage.tsx')]);
    expect(uses.some((use) => use.part === 'members' && use.key === 'members.title')).toBe(true);
    expect(homeOf('roleGroups.title')).toBe('shell');
    expect(homeOf('roleGroups.days')).toBe('shell');
    expect(homeOf('roleGroups.columns')).toBe('roles');
    expect(homeOf('no.such.key')).toBeUndefined();
  });

  it('counts a part as loaded only where the code loads it before showing it', () => {
    // The creation hook loads the organization part before its on-demand form renders...
    expect(reach([join(SRC, 'widgets/creation/use-create-project.tsx')]).uses).toEqual([]);
    // ...but the home page shows a creation text itself, so its route must name the part.
    const home = reach([join(SRC, 'features/home/pages/HomePage.tsx')]).uses;
    expect(home.some((use) => use.part === 'org' && use.file === 'widgets/creation/creation-block.ts')).toBe(true);
  });

  it('reads the routes of the table', () => {
    const chains = routeChains(ROUTES);
    expect(chains.length).toBeGreaterThan(50);
    expect(chains.find((chain) => chain.id === 'org-member-index')?.modules.map((module) => relative(SRC, module))).toEqual([
      'app/shell/SessionLayout.tsx',
      'features/organizations/pages/OrgLayout.tsx',
      'features/members/pages/OrgMembersPage.tsx',
    ]);
  });

  it('every part a route names exists', () => {
    const named = routeChains(ROUTES).flatMap(({ parts }) => parts);
    expect(named.filter((part) => !MESSAGE_PART_NAMES.includes(part))).toEqual([]);
  });
});
