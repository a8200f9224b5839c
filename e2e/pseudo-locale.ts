/// <reference lib="dom" />
// The checks run in the page (page.evaluate): DOM types for those functions.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, type Page } from '@playwright/test';

/**
 * The pseudo-locale (issue 16, docs/decisions.md "Pseudo-locale"): English with every letter
 * accented, each message 30 % longer and bracketed — `Save` becomes `⟦Šáṽé·⟧`. It is made from
 * the English messages at test time and never shipped: the console runs in English, and the test
 * answers the browser's requests for the English message chunks (the first-paint messages and every
 * message part, found in Vite's manifest) with their pseudo version. Then on the page:
 * - a text exactly as English wrote it did not come through the messages (a literal in a
 *   component, or a message that is not looked up): untranslated — unless the contracts translate
 *   it themselves (a role's or a product's name, `{ ko, en, ja, zh }`), which shows as English;
 * - an opening bracket without its closing one was cut by code, and text that overflows a box that
 *   hides its overflow is cut by the layout: clipped.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const webDir = path.join(repoRoot, 'apps/web');
/** The build the console server serves: WEB_DIST_DIR (relative to the repository) as the server reads it, else apps/web/dist. */
const distDir = process.env.WEB_DIST_DIR ? path.resolve(repoRoot, process.env.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist');

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'][index]!,
  ]),
);
export const OPEN = '⟦';
export const CLOSE = '⟧';
/** What a message keeps as written: the translator's `{{name}}` placeholders (shared/i18n/translator.ts), and — should a message ever carry them — `$t(…)` nesting and markup tags. */
const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>)/;

/** The pseudo text of one English message (a message without a letter stays as it is: `-`, `·`). */
export function pseudo(text: string): string {
  if (!/[A-Za-z]/.test(text)) return text;
  const parts = text.split(KEPT);
  const accented = parts.map((part, index) => (index % 2 === 1 ? part : [...part].map((char) => ACCENTED[char] ?? char).join(''))).join('');
  const letters = parts.filter((_, index) => index % 2 === 0).join('').length;
  return `${OPEN}${accented}${'·'.repeat(Math.ceil(letters * 0.3))}${CLOSE}`;
}

type Tree = { readonly [key: string]: string | Tree };
const pseudoTree = (tree: Tree): Tree =>
  Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, typeof value === 'string' ? pseudo(value) : pseudoTree(value)]));
const leaves = (tree: Tree): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : leaves(value)));

interface Manifest {
  readonly [key: string]: { readonly file: string };
}

interface PseudoLocale {
  /** The built chunk's file name (assets/en-….js) → the chunk to answer instead. */
  readonly chunks: ReadonlyMap<string, string>;
  /** Every English message, to find texts that show as English wrote them. */
  readonly english: readonly string[];
}

let built: Promise<PseudoLocale> | undefined;
/** The English message modules of the build (src/shared/i18n/locales/en.ts, <part>/en.ts and features/<x>/messages/en.ts), made pseudo. */
export const pseudoLocale = () =>
  (built ??= (async () => {
    const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const chunks = new Map<string, string>();
    const english: string[] = [];
    for (const [key, { file }] of Object.entries(manifest)) {
      if (!/^src\/(?:shared\/i18n\/locales\/(?:[A-Za-z]+\/)?|features\/[\w-]+\/messages\/)en\.ts$/.test(key)) continue;
      const module = (await import(pathToFileURL(path.join(webDir, key)).href)) as Record<string, unknown>;
      // The chunk exports the module's messages under the module's names (`export{e as en}`).
      const exported = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(readFileSync(path.join(distDir, file), 'utf8'))?.[1];
      if (!exported) throw new Error(`${file}: no export statement at its end (is it still only ${key}?)`);
      const names = exported.split(',').map((each) => each.trim().split(/\s+as\s+/).at(-1)!);
      const body = names.map((name, index) => {
        const messages = module[name];
        if (typeof messages !== 'object' || messages === null) throw new Error(`${key} exports no messages as ${name}`);
        english.push(...leaves(messages as Tree));
        return `const m${index}=${JSON.stringify(pseudoTree(messages as Tree))};`;
      });
      chunks.set(path.basename(file), `${body.join('')}export{${names.map((name, index) => `m${index} as ${name}`).join(',')}};`);
    }
    if (chunks.size < 2) throw new Error('no English message chunks in the build: npm run build first');
    return { chunks, english };
  })());

/**
 * From now on `page` gets the pseudo messages wherever it asks for the English ones.
 *
 * Through the page's own CDP `Fetch` domain with a pattern for the English message chunks alone,
 * not `page.route`: a Playwright route intercepts every request of the tab and turns its HTTP cache
 * off, so each page load downloaded all of the console's chunks again (docs/benchmarks-test-loop.md).
 * Here only `/assets/en-….js` stops in the test; the other chunks come from the context's cache. The
 * pseudo answer is `no-store`, so it never reaches a cache another tab or test would read (the
 * self-test in specs/pseudo-locale.spec.ts opens English beside it to prove it).
 */
export async function usePseudoLocale(page: Page): Promise<void> {
  const { chunks } = await pseudoLocale();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', ({ requestId, request }) => {
    const body = chunks.get(path.basename(new URL(request.url).pathname));
    const answer =
      body === undefined
        ? cdp.send('Fetch.continueRequest', { requestId })
        : cdp.send('Fetch.fulfillRequest', {
            requestId,
            responseCode: 200,
            responseHeaders: [
              { name: 'Content-Type', value: 'text/javascript; charset=utf-8' },
              { name: 'Cache-Control', value: 'no-store' },
            ],
            body: Buffer.from(body).toString('base64'),
          });
    // The tab may close (the test ends) while a request waits: nothing left to answer.
    answer.catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/assets/en-*.js*', requestStage: 'Request' }] });
}

/**
 * English the contracts translate themselves (role names, product and column names: objects with a
 * text per language, `{ ko, en, ja, zh }`), and the product catalogue the server seeds: shown in
 * English, these are translated, not missed.
 */
let contractTexts: Promise<Set<string>> | undefined;
const translatedByContracts = () =>
  (contractTexts ??= (async () => {
    const dir = path.resolve(import.meta.dirname, '../packages/contracts/src');
    const texts = new Set<string>();
    const seen = new Set<unknown>();
    const walk = (value: unknown, depth: number) => {
      if (typeof value !== 'object' || value === null || seen.has(value) || depth > 8) return;
      seen.add(value);
      const record = value as Record<string, unknown>;
      if (['ko', 'en', 'ja', 'zh'].every((lang) => typeof record[lang] === 'string')) texts.add(record.en as string);
      for (const child of Array.isArray(value) ? value : Object.values(record)) walk(child, depth + 1);
    };
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      walk(await import(pathToFileURL(path.join(dir, file)).href), 0);
    }
    // The product catalogue the server seeds (names per language, shown as the catalogue gives them).
    walk(await import(pathToFileURL(path.resolve(import.meta.dirname, '../apps/api/src/db/seed/catalogue.ts')).href), 0);
    // A route's own menu label, named in the four languages in the route table (`nav: { label: { ko, en, ja, zh } }`):
    // the side navigation shows it before any message part loads, so no message chunk carries it.
    const appDir = path.resolve(import.meta.dirname, '../apps/web/src/app');
    for (const file of readdirSync(appDir).filter((name) => /^routes.*\.ts$/.test(name))) {
      for (const [, en] of readFileSync(path.join(appDir, file), 'utf8').matchAll(/label:\s*\{[^}]*\ben:\s*'([^']+)'/g)) texts.add(en!);
    }
    return texts;
  })());

/** What the page shows that is English as written, cut by code, or cut by the layout. */
export interface PseudoFindings {
  readonly untranslated: string[];
  readonly cutByCode: string[];
  readonly clipped: string[];
}

/** Reads the page's visible texts and boxes (see the file's comment for what counts). */
export async function pseudoFindings(page: Page): Promise<PseudoFindings> {
  const { english } = await pseudoLocale();
  const texts = await page.evaluate(
    ({ open, close }) => {
      const visibleTexts: string[] = [];
      const clipped: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const parent = node.parentElement;
        if (!text || !parent || !parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        // Screen-reader-only texts are clipped on purpose; they count as texts, not as layout.
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        if (box.width < 2 || box.height < 2) continue;
        visibleTexts.push(text);
        if (!text.includes(open) && !text.includes(close)) continue;
        // The nearest ancestor that hides what overflows it, and whether the text reaches past it.
        for (let element: Element | null = parent; element && element !== document.body; element = element.parentElement) {
          // (Inline: this function runs in the page, where nothing outside it exists.)
          const { overflowX, overflowY } = getComputedStyle(element);
          if (![overflowX, overflowY].some((overflow) => overflow === 'hidden' || overflow === 'clip')) continue;
          const limit = element.getBoundingClientRect();
          if (limit.width < 2 || limit.height < 2) break;
          if (box.right > limit.right + 1 || box.left < limit.left - 1 || box.bottom > limit.bottom + 1 || box.top < limit.top - 1) {
            clipped.push(`${text} (in <${element.tagName.toLowerCase()} class="${element.className}">)`);
          }
          break;
        }
        // Ellipsis: the box that draws the text is narrower than the text.
        const style = getComputedStyle(parent);
        if (style.textOverflow === 'ellipsis' && parent.scrollWidth > parent.clientWidth + 1) clipped.push(`${text} (ellipsis)`);
      }
      // A bracket left open is a message cut by code, unless the text around it closes it (a
      // message that spans elements, <Trans>): the nearest ancestor whose text is balanced says.
      const balanced = (text: string) => text.split(open).length === text.split(close).length;
      const cut = visibleTexts.filter((text) => !balanced(text));
      const cutByCode = [...document.querySelectorAll('body *')]
        .filter((element) => [...element.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && cut.includes(child.textContent?.trim() ?? '')))
        .filter((element) => {
          for (let up: Element | null = element; up; up = up.parentElement) if (balanced(up.textContent ?? '')) return false;
          return true;
        })
        .map((element) => element.textContent?.trim().slice(0, 120) ?? '');
      return { visibleTexts, clipped, cutByCode };
    },
    { open: OPEN, close: CLOSE },
  );
  const byContracts = await translatedByContracts();
  const asWritten = new Set(english.filter((message) => /[A-Za-z]{2}/.test(message) && !message.includes('{{') && !byContracts.has(message)));
  const withPlaceholders = english
    .filter((message) => message.includes('{{') && /[A-Za-z]{2}/.test(message.replace(/\{\{[^}]*\}\}/g, '')))
    .map((message) => new RegExp(`^${message.split(/\{\{[^}]*\}\}/).map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}$`));
  // A name the contracts or the catalogue translate is never untranslated, even where a message with a
  // placeholder would match it ('Email {{number}}' matches the product "Email Insights").
  const untranslated = texts.visibleTexts.filter(
    (text) => !byContracts.has(text) && (asWritten.has(text) || withPlaceholders.some((pattern) => pattern.test(text))),
  );
  return { untranslated: [...new Set(untranslated)], cutByCode: [...new Set(texts.cutByCode)], clipped: [...new Set(texts.clipped)] };
}

/** Fails when the page shows English as written or a cut text (pseudoFindings). */
export async function expectPseudoLocalized(page: Page, where: string): Promise<void> {
  const findings = await pseudoFindings(page);
  expect(findings, `pseudo-locale on ${where}`).toEqual({ untranslated: [], cutByCode: [], clipped: [] });
}
