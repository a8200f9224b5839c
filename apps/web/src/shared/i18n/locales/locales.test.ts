import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { zh } from './zh.ts';
import { MESSAGE_PARTS, MESSAGE_PART_NAMES } from '../message-parts.ts';

type Tree = { readonly [key: string]: string | Tree };

/** Every leaf of a message tree as `a.b.c` → text. */
export function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [leaf, text] of flatten(value, path)) leaves.set(leaf, text);
    } else {
      leaves.set(path, value);
    }
  }
  return leaves;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]).toSorted();

/** Differences between the English source and one translation, as readable lines. */
export function compareCatalogues(source: Tree, translation: Tree): string[] {
  const expected = flatten(source);
  const actual = flatten(translation);
  const problems: string[] = [];
  for (const [key, text] of expected) {
    if (typeof text !== 'string' || text.trim() === '') problems.push(`${key}: empty in the source`);
    const translated = actual.get(key);
    if (translated === undefined) {
      problems.push(`${key}: missing`);
      continue;
    }
    if (typeof translated !== 'string' || translated.trim() === '') {
      problems.push(`${key}: empty`);
      continue;
    }
    if (typeof text === 'string' && placeholders(text).join(',') !== placeholders(translated).join(',')) {
      problems.push(`${key}: placeholders {{${placeholders(text).join(', ')}}} vs {{${placeholders(translated).join(', ')}}}`);
    }
  }
  for (const key of actual.keys()) if (!expected.has(key)) problems.push(`${key}: not in the source`);
  return problems;
}

describe('UI message catalogues', () => {
  it.each([
    ['ko', ko],
    ['ja', ja],
    ['zh', zh],
  ])('%s has every English key, none empty, with the same placeholders', (_lang, catalogue) => {
    expect(compareCatalogues(en, catalogue)).toEqual([]);
  });

  it('English has no empty text', () => {
    expect(compareCatalogues(en, en)).toEqual([]);
  });

  it("finds the parts in the features' folders, each in the four languages (features/<feature>/messages/)", () => {
    expect(MESSAGE_PART_NAMES).toContain('audit');
    expect(Object.keys(MESSAGE_PARTS.audit).toSorted()).toEqual(['en', 'ja', 'ko', 'zh']);
  });

  // Message parts (../message-parts.ts): each is its own catalogue, held to the same rules.
  describe.each(MESSAGE_PART_NAMES)('message part %s', (part) => {
    it.each(['ko', 'ja', 'zh'] as const)('%s has every English key, none empty, with the same placeholders', async (lang) => {
      const [source, translation] = await Promise.all([MESSAGE_PARTS[part].en(), MESSAGE_PARTS[part][lang]()]);
      expect(compareCatalogues(source as Tree, translation as Tree)).toEqual([]);
    });

    it('English has no empty text', async () => {
      const source = (await MESSAGE_PARTS[part].en()) as Tree;
      expect(compareCatalogues(source, source)).toEqual([]);
    });
  });

  it('a key lives in one place: no part repeats a first-paint key or another part\'s key', async () => {
    const owners = new Map<string, string>([...flatten(en as unknown as Tree).keys()].map((key) => [key, 'first paint']));
    const repeated: string[] = [];
    for (const part of MESSAGE_PART_NAMES) {
      for (const key of flatten((await MESSAGE_PARTS[part].en()) as Tree).keys()) {
        const owner = owners.get(key);
        if (owner) repeated.push(`${key}: ${owner} and ${part}`);
        owners.set(key, part);
      }
    }
    expect(repeated).toEqual([]);
  });

  it('catches a missing key, an empty text and a changed placeholder', () => {
    const source = { a: { b: 'Hello {{name}}', c: 'Bye', d: 'Ok' } };
    const broken = { a: { b: '안녕하세요 {{user}}', c: '' }, e: 'extra' };
    expect(compareCatalogues(source, broken)).toEqual([
      'a.b: placeholders {{name}} vs {{user}}',
      'a.c: empty',
      'a.d: missing',
      'e: not in the source',
    ]);
  });
});
