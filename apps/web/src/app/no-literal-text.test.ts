import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';

/**
 * No literal UI text in components (issue 16, i18n completeness): every word a person reads comes
 * from the four languages' messages. This reads every component (`*.tsx`, tests and test helpers
 * aside) and lists JSX text with a letter in it, and text-bearing props given a literal with a
 * letter (`label="Save"`). Input formats shown as placeholders are not words and may stay.
 */
const SRC = normalize(join(dirname(fileURLToPath(import.meta.url)), '..'));

/** Props whose value a person reads (Cloudscape's and HTML's). */
const TEXT_PROPS = new Set([
  'label', 'placeholder', 'ariaLabel', 'aria-label', 'description', 'title', 'alt', 'constraintText', 'errorText', 'header',
  'text', 'content', 'loadingText', 'empty', 'filteringPlaceholder', 'dismissAriaLabel', 'ariaDescription', 'info', 'secondaryText',
]);
/** Formats, not words: the same in every language. */
const FORMATS = new Set(['YYYY/MM/DD', 'hh:mm', 'name@example.com']);

function components(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : components(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

type Node = { type?: string; start: number; value?: unknown; name?: { name?: string }; [key: string]: unknown };

/** The literal UI text of one component's source, as `file:line what`. */
function literalText(file: string, source: string): string[] {
  const found: string[] = [];
  const lineOf = (position: number) => source.slice(0, position).split('\n').length;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.type === 'JSXText' && typeof n.value === 'string' && /\p{L}/u.test(n.value)) {
      found.push(`${file}:${lineOf(n.start)} text ${JSON.stringify(n.value.trim())}`);
    }
    if (n.type === 'JSXAttribute' && TEXT_PROPS.has(n.name?.name ?? '')) {
      const value = (n.value as Node | null)?.type === 'Literal' ? (n.value as Node).value : undefined;
      if (typeof value === 'string' && /\p{L}/u.test(value) && !FORMATS.has(value)) found.push(`${file}:${lineOf(n.start)} ${n.name?.name}=${JSON.stringify(value)}`);
    }
    for (const [key, child] of Object.entries(n)) if (key !== 'parent' && child && typeof child === 'object') visit(child);
  };
  visit(parseAst(source, { lang: 'tsx' }));
  return found;
}

describe('literal UI text', () => {
  it('finds JSX text and literal text props, and lets formats pass (the check itself)', () => {
    const source = ['const a = (', '  <Box label="Save" placeholder="hh:mm" ariaLabel={t(\'x\')}>', '    Hello {name} – 2', '  </Box>', ');'].join('\n');
    expect(literalText('x.tsx', source)).toEqual(['x.tsx:2 label="Save"', 'x.tsx:2 text "Hello"']);
  });

  it('no component holds literal UI text', () => {
    const files = components(SRC);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => literalText(relative(SRC, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
