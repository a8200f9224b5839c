import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LOCALE, isLocale, langOf, LOCALE_TAGS, type Locale } from '@console/contracts/locales';
import type { RoutePreload, RoutePreloads } from '../../../web/build/route-chunks.ts';

/**
 * The console's HTML for an address (issue 16): index.html with a `<link rel="modulepreload">` for
 * every chunk the page at that address needs for its first paint (and a style sheet link for its
 * CSS), in the user's language, and `<html lang>` of that language. Without them the browser
 * learns of the page's chunks only after index.js has run and the router matched, one round trip
 * per level of imports; with them it fetches them beside the entry. The table is the build's
 * dist/.vite/route-preloads.json (apps/web/build/route-preloads.ts: the route table and Vite's
 * manifest, as the budget check reads them); without it (an older build) index.html is sent as it is.
 */

/** react-router's ranking of a matched pattern (its `computeScore`): static segments outrank parameters, a splat ranks last. */
function scoreOf(pattern: string): number {
  const segments = pattern.split('/');
  let score = segments.length;
  if (segments.includes('*')) score -= 2;
  for (const segment of segments) {
    if (segment === '*') continue;
    score += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

function matches(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  for (let index = 0; index < wanted.length; index++) {
    const segment = wanted[index]!;
    if (segment === '*') return true;
    const part = given[index];
    if (part === undefined) return false;
    if (!segment.startsWith(':') && segment.toLowerCase() !== part.toLowerCase()) return false;
  }
  return given.length === wanted.length;
}

/** The values of a pattern's `:params` in `pathname` (its segments that are there; a forwarding page's pattern reads the address it forwarded from). */
export function paramsOf(pattern: string, pathname: string): Record<string, string> {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  wanted.forEach((segment, index) => {
    const part = given[index];
    if (segment.startsWith(':') && part !== undefined) {
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
      } catch {
        // A malformed escape is no id: the parameter is left out.
      }
    }
  });
  return params;
}

/** The page the console's router shows at `pathname` (following an index route's forwarding once), if any. */
export function matchConsoleRoute(routes: readonly RoutePreload[], pathname: string, forwarded = false): RoutePreload | undefined {
  let best: RoutePreload | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const route of routes) {
    if (!matches(route.path, pathname)) continue;
    const score = scoreOf(route.path);
    if (score > bestScore) [best, bestScore] = [route, score];
  }
  if (best?.redirect !== undefined && !forwarded) return matchConsoleRoute(routes, `/${best.redirect}`, true);
  return best;
}

/** Where the client sends a visitor without a session (apps/web: the API's 100 → /login?nextUrl=…). */
export const SIGN_IN_PATH = '/login';

/** A file name of the build (`assets/x-AbC_1.js`): nothing to escape in an attribute. */
const safeFile = /^[\w./-]+$/;

/** index.html with the route's links in `locale`'s language and `<html lang>` of it. */
export function withRoutePreloads(html: string, table: RoutePreloads | undefined, route: RoutePreload | undefined, locale: Locale): string {
  const lang = langOf(locale);
  const files = new Set<string>([
    ...(table?.languages[lang] ?? []),
    ...(route?.parts ?? []).flatMap((part) => table?.parts[part]?.[lang] ?? []),
    ...(route?.files ?? []),
  ]);
  const links = [
    ...[...files].filter((file) => safeFile.test(file) && !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...(route?.css ?? []).filter((file) => safeFile.test(file) && !html.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  const withLang = html.replace(/<html lang="[^"]*"/, `<html lang="${LOCALE_TAGS[locale]}"`);
  return links.length ? withLang.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : withLang;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The session's preload in index.html: the page's first calls follow it, ahead of the scripts' links. */
const SESSION_PRELOAD = /<link rel="preload" href="\/api\/console\/v1\/session"[^>]*>/;

/** A page's HTML with a fetch preload for each of its first calls (platform/first-calls.ts), with the same credentials as the API client's fetch. */
export function withCallPreloads(html: string, urls: readonly string[]): string {
  if (!urls.length) return html;
  const links = urls.map((url) => `<link rel="preload" href="${escapeAttribute(url)}" as="fetch" crossorigin="anonymous" />`).join('\n    ');
  const session = SESSION_PRELOAD.exec(html);
  if (!session) return html.replace('</head>', `  ${links}\n  </head>`);
  const at = session.index + session[0].length;
  return `${html.slice(0, at)}\n    ${links}${html.slice(at)}`;
}

/** Asks which of a page's first calls to preload (platform/first-calls.ts: kinds from the route table, the address's params). */
export type FirstCallsOf = (kinds: readonly string[], params: Readonly<Record<string, string>>) => Promise<string[]>;

interface Loaded {
  version: string;
  html: string;
  table: RoutePreloads | undefined;
  rendered: Map<string, string>;
}

/**
 * Answers the console's HTML for an address and a locale cookie. Reads index.html and the table
 * once, and again when either file changes (a rebuild is served without a restart, as the static
 * files are); each page's HTML per language is built once per build.
 */
export function createConsoleHtml(distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const tableFile = path.join(distDir, '.vite/route-preloads.json');
  let loaded: Loaded | undefined;

  async function load(): Promise<Loaded> {
    const [indexStat, tableStat] = await Promise.all([stat(indexFile), stat(tableFile).catch(() => undefined)]);
    const version = `${indexStat.mtimeMs}:${indexStat.size}:${tableStat?.mtimeMs ?? '-'}:${tableStat?.size ?? '-'}`;
    if (loaded?.version === version) return loaded;
    const [html, tableText] = await Promise.all([readFile(indexFile, 'utf8'), tableStat ? readFile(tableFile, 'utf8') : undefined]);
    loaded = { version, html, table: tableText === undefined ? undefined : (JSON.parse(tableText) as RoutePreloads), rendered: new Map() };
    return loaded;
  }

  /**
   * `signedIn`: the request carries a session cookie. Without one, a page that needs a session
   * (`session` in the table) is not shown: the client sends the visitor to sign-in (SessionGate →
   * /login?nextUrl=…), so the sign-in page's chunks are preloaded instead of the page's (issue 16).
   * `firstCallsOf`: the calls of the page to preload for this visitor (a signed-in page whose route
   * names them), asked only when the visitor is signed in.
   */
  return async (pathname: string, localeCookie: string | undefined, signedIn = true, firstCallsOf?: FirstCallsOf): Promise<string> => {
    const { html, table, rendered } = await load();
    // The console starts in the remembered locale, else the default (main.tsx: readLocaleCookie() ?? DEFAULT_LOCALE).
    const locale = isLocale(localeCookie) ? localeCookie : DEFAULT_LOCALE;
    const matched = table ? matchConsoleRoute(table.routes, pathname) : undefined;
    const route = matched?.session && !signedIn ? matchConsoleRoute(table!.routes, SIGN_IN_PATH) : matched;
    const key = `${route?.id ?? ''}\n${locale}`;
    let page = rendered.get(key);
    if (page === undefined) {
      page = withRoutePreloads(html, table, route, locale);
      rendered.set(key, page);
    }
    // The page's own calls: per visitor (their session, address and rules), so never kept with the page.
    // A page of the signed-in branch also carries the shell's own (`signed-in`, @console/contracts/first-calls).
    const kinds = [...(route?.session ? ['signed-in'] : []), ...(route?.calls ?? [])];
    if (signedIn && firstCallsOf && route && kinds.length) return withCallPreloads(page, await firstCallsOf(kinds, paramsOf(route.path, pathname)));
    return page;
  };
}
