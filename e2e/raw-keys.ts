import { globSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { en } from '../apps/web/src/shared/i18n/locales/en.ts';
import { MESSAGE_PARTS, MESSAGE_PART_NAMES } from '../apps/web/src/shared/i18n/message-parts.ts';

/**
 * No message key shows raw (issue 16): the console's strings load per feature (message parts,
 * loaded with the routes that name them), and a page that painted before its part had arrived —
 * or a route that forgot to name it — would show `members.title` instead of the text. Every key of
 * the first-paint messages and of every part is looked for, whole, in the page's visible text.
 */
type Tree = { readonly [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path.replace(/_(?:zero|one|two|few|many|other)$/, '')] : leaves(value, path);
  });

/** The parts in the features' folders (`features/<feature>/messages/en.ts`): Vite's glob finds them for the console, Node does not have it. */
const FEATURES = fileURLToPath(new URL('../apps/web/src/features/', import.meta.url));
const featureParts = () =>
  Promise.all(globSync('*/messages/en.ts', { cwd: FEATURES }).map(async (file) => ((await import(`${FEATURES}${file}`)) as { messages: object }).messages));

let keys: Promise<RegExp> | undefined;
const keyPattern = () =>
  (keys ??= Promise.all([...MESSAGE_PART_NAMES.map((part) => MESSAGE_PARTS[part]?.en()), featureParts()]).then((loaded) => {
    const parts = loaded.flat().filter((part) => part !== undefined);
    const all = new Set([en, ...parts].flatMap((tree) => leaves(tree as unknown as Tree)));
    const escaped = [...all].map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`(?<![\\w.-])(?:${escaped.join('|')})(?![\\w.-])`, 'g');
  }));

/** Fails when the page's visible text holds a message key instead of its text. */
export async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText();
  const raw = [...new Set([...text.matchAll(await keyPattern())].map((match) => match[0]))];
  expect(raw, `message keys shown raw on ${page.url()}`).toEqual([]);
}
