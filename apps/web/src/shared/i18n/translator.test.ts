import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, renderHook } from '@testing-library/react';
import { createInstance, type i18n as I18next } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '@console/contracts/locales';
import { en } from './locales/en.ts';
import { ja } from './locales/ja.ts';
import { ko } from './locales/ko.ts';
import { zh } from './locales/zh.ts';
import { MESSAGE_PARTS, MESSAGE_PART_NAMES } from './message-parts.ts';
import { createTranslator, type Translator } from './translator.ts';
import { i18n } from './i18n.ts';
import { useTranslation } from './use-translation.ts';

/**
 * The console's translator against i18next itself (a devDependency kept for this reference and
 * for its key types): the same calls on both, with the options the console gave i18next
 * (i18n.ts before issue 16's translator), must answer the same.
 */
type Call = (key: string, options?: Record<string, unknown>) => string;

/** Every leaf key of a message tree, `a.b.c`. */
const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`]));

async function reference(lng: string): Promise<I18next> {
  const instance = createInstance();
  await instance.init({
    lng,
    fallbackLng: false,
    ns: ['translation', 'server'],
    defaultNS: 'translation',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

async function both(lng: string, bundles: readonly (readonly [lang: string, ns: string, messages: object])[]): Promise<[I18next, Translator]> {
  const theirs = await reference(lng);
  const ours = createTranslator();
  await ours.init({ lng, defaultNS: 'translation' });
  for (const [lang, ns, messages] of bundles) {
    // i18next's deep merge keeps references to the objects it is given: each side gets its own copy.
    theirs.addResourceBundle(lang, ns, structuredClone(messages), true, true);
    ours.addResourceBundle(lang, ns, structuredClone(messages));
  }
  return [theirs, ours];
}

const messages = {
  plain: 'Plain',
  empty: '',
  greeting: 'Hello {{name}}, {{ name }} again',
  twice: '{{a}}{{b}}{{a}}',
  path: 'Owner {{user.name}}',
  unescaped: 'Raw {{- html}}',
  braces: '{{count}} of {{total}}',
  block: { inner: 'Inner {{what}}', deeper: { leaf: 'Leaf' } },
  items_one: 'One item',
  items_other: '{{count}} items',
  itemsZero_zero: 'No items',
  itemsZero_one: 'One',
  itemsZero_other: '{{count}}',
  onlyBase: 'Rows: {{count}}',
  onlyOther_other: 'Other {{count}}',
  badge_new: 'New',
  'dotted.key': { leaf: 'Dotted' },
  mixed: { 'a.b': 'Mixed' },
};

const cases: readonly [string, string, Record<string, unknown>?][] = [
  ['found', 'plain'],
  ['empty text', 'empty'],
  ['empty text with a default', 'empty', { defaultValue: 'Default' }],
  ['nested', 'block.deeper.leaf'],
  ['missing: the key', 'block.nothing'],
  ['missing with a default, interpolated', 'nothing', { defaultValue: 'Dflt {{x}}', x: 'X' }],
  ['missing with an empty default', 'nothing', { defaultValue: '' }],
  ['a block: the sentence', 'block'],
  ['a block with a default', 'block', { defaultValue: 'D' }],
  ['a prototype key', 'constructor'],
  ['a prototype key inside', 'block.toString'],
  ['values', 'greeting', { name: 'Kim' }],
  ['a value not passed stays', 'greeting'],
  ['a value passed as undefined is empty', 'greeting', { name: undefined }],
  ['a value passed as null is empty', 'greeting', { name: null }],
  ['numbers, booleans, zero', 'twice', { a: 0, b: false }],
  ['arrays and objects as strings', 'twice', { a: ['x', 'y'], b: { c: 1 } }],
  ['markup and entities are not escaped', 'greeting', { name: `<b>&'"/</b>` }],
  ['a value with placeholders is not interpolated again', 'twice', { a: '{{b}}', b: 'B' }],
  ['a value with $t( is not nested', 'greeting', { name: '$t(plain)' }],
  ['a path', 'path', { user: { name: 'Lee' } }],
  ['a path not passed', 'path', { user: {} }],
  ['the unescaped form', 'unescaped', { html: '<i>x</i>' }],
  ['values from replace', 'greeting', { replace: { name: 'R' } }],
  ['a nested key with values', 'block.inner', { what: 'W' }],
  ['count fills {{count}} without plural forms', 'onlyBase', { count: 3 }],
  ['count as a string is not a plural', 'items', { count: '1' }],
  ['a default for the plural form', 'nothing', { count: 2, defaultValue_other: '{{count}} things', defaultValue: 'thing' }],
  ['a default for one', 'nothing', { count: 1, defaultValue_one: 'a thing', defaultValue: 'things' }],
  ['a zero default', 'nothing', { count: 0, defaultValue_zero: 'none', defaultValue: 'some' }],
  ['a dynamic key with a default', 'badge_beta', { defaultValue: 'beta' }],
  ['a dynamic key found', 'badge_new', { defaultValue: 'new' }],
  ['the server namespace, flat keys', 'errors.-6', { ns: 'server', keySeparator: false, defaultValue: '' }],
  ['the server namespace, a missing code', 'errors.-999', { ns: 'server', keySeparator: false, defaultValue: '' }],
  ['the server namespace without keySeparator: false', 'errors.-6', { ns: 'server' }],
  ['another language by lng', 'plain', { lng: 'ko' }],
  ['a key holding the separator', 'dotted.key.leaf'],
  ['a key holding the separator, inside', 'mixed.a.b'],
  ['a key holding the separator, too far', 'mixed.a.b.c'],
];

const server = { 'errors.-6': 'Not allowed', 'errors.-8': 'IP {{ip}}' };

describe('translator, against i18next', () => {
  it.each(cases)('%s', async (_name, key, options) => {
    const [theirs, ours] = await both('en', [
      ['en', 'translation', messages],
      ['ko', 'translation', { plain: '보통' }],
      ['en', 'server', server],
    ]);
    expect((ours.t as Call)(key, options && { ...options })).toBe((theirs.t as Call)(key, options && { ...options }));
    expect(ours.exists(key, options && { ...options })).toBe(theirs.exists(key, options && { ...options }));
  });

  it('plural forms follow Intl.PluralRules per language, `_zero` first for 0, in the four languages', async () => {
    for (const lang of ['en', 'ko', 'ja', 'zh', 'fr', 'ar']) {
      const [theirs, ours] = await both(lang, [[lang, 'translation', messages]]);
      for (const key of ['items', 'itemsZero', 'onlyBase', 'onlyOther', 'nothing']) {
        for (const count of [0, 1, 2, 5, 11, 21, 1.5, -1, Number.NaN]) {
          expect((ours.t as Call)(key, { count }), `${lang} ${key} ${count}`).toBe((theirs.t as Call)(key, { count }));
        }
      }
    }
  });

  it("answers every key of the console's messages as i18next does, in the four languages, with values and counts", async () => {
    for (const lang of LANGS) {
      const first = { en, ko, ja, zh }[lang as Lang];
      const parts = await Promise.all(MESSAGE_PART_NAMES.map((part) => MESSAGE_PARTS[part][lang]()));
      const [theirs, ours] = await both(lang, [[lang, 'translation', first], ...parts.map((part) => [lang, 'translation', part] as const)]);
      const keys = new Set<string>();
      for (const tree of [first, ...parts]) for (const key of keysOf(tree)) keys.add(key.replace(/_(?:zero|one|two|few|many|other)$/, ''));
      expect(keys.size).toBeGreaterThan(1000);
      // Every answer is compared; the differences are asserted at once (one expect per answer was
      // 35,000 expect calls, most of this file's 13 s at a load of 12).
      const differences: string[] = [];
      for (const key of keys) {
        for (const options of [undefined, { count: 1, name: 'N', email: 'e@x', value: 7 }, { count: 0 }, { count: 2 }]) {
          const answer = (ours.t as Call)(key, options && { ...options });
          const expected = (theirs.t as Call)(key, options && { ...options });
          if (answer !== expected) differences.push(`${lang} ${key} ${JSON.stringify(options)}: ${JSON.stringify(answer)}, i18next ${JSON.stringify(expected)}`);
        }
        if (ours.exists(key) !== theirs.exists(key)) differences.push(`${lang} ${key}: exists ${ours.exists(key)}, i18next ${theirs.exists(key)}`);
      }
      expect(differences, `${lang}: answers unlike i18next's`).toEqual([]);
    }
  });

  it('getFixedT answers in its language whatever the active one; changeLanguage moves t and language', async () => {
    const bundles = (['en', 'ko', 'ja', 'zh'] as const).map((lang) => [lang, 'translation', { plain: `plain ${lang}`, items_other: `${lang} {{count}}` }] as [string, string, object]);
    const [theirs, ours] = await both('en', bundles);
    for (const lang of ['ko', 'ja', 'zh', 'xx']) {
      expect((ours.getFixedT(lang) as Call)('plain')).toBe((theirs.getFixedT(lang) as Call)('plain'));
      expect((ours.getFixedT(lang) as Call)('items', { count: 4 })).toBe((theirs.getFixedT(lang) as Call)('items', { count: 4 }));
    }
    const fixedEn = ours.getFixedT('en') as Call;
    await Promise.all([theirs.changeLanguage('ja'), ours.changeLanguage('ja')]);
    expect(ours.language).toBe(theirs.language);
    expect((ours.t as Call)('plain')).toBe((theirs.t as Call)('plain'));
    expect((ours.t as Call)('plain')).toBe('plain ja');
    expect(fixedEn('plain')).toBe('plain en');
  });

  it('merges bundles deeply, a later text replacing an earlier one, and exists follows', async () => {
    const [theirs, ours] = await both('en', [
      ['en', 'translation', { roleGroups: { title: 'Groups', days: { MON: 'Mon' } }, x: 'x' }],
      ['en', 'translation', { roleGroups: { empty: 'None', days: { TUE: 'Tue' } }, x: 'y' }],
      ['en', 'translation', { roleGroups: { title: { nowABlock: 'b' } } }],
      ['en', 'translation', { x: { y: 'z' } }],
    ]);
    for (const key of ['roleGroups.title', 'roleGroups.title.nowABlock', 'roleGroups.days.MON', 'roleGroups.days.TUE', 'roleGroups.empty', 'x', 'x.y']) {
      expect((ours.t as Call)(key)).toBe((theirs.t as Call)(key));
      expect(ours.exists(key)).toBe(theirs.exists(key));
    }
  });
});

describe('useTranslation', () => {
  it('renders again with a new t when the language changes or messages are added, and keeps t otherwise', async () => {
    await i18n.init({ lng: 'en', defaultNS: 'translation' });
    const { result, rerender } = renderHook(() => useTranslation());
    const first = result.current.t;
    rerender();
    expect(result.current.t).toBe(first);

    await act(() => i18n.changeLanguage('ja'));
    expect(result.current.i18n.language).toBe('ja');
    expect(result.current.t).not.toBe(first);
    const afterSwitch = result.current.t;
    expect((afterSwitch as Call)('translatorTest.word')).toBe('translatorTest.word');

    act(() => i18n.addResourceBundle('ja', 'translation', { translatorTest: { word: '言葉' } }));
    expect(result.current.t).not.toBe(afterSwitch);
    expect((result.current.t as Call)('translatorTest.word')).toBe('言葉');
    // The t of a render stays in the language it was made in.
    act(() => i18n.addResourceBundle('en', 'translation', { translatorTest: { word: 'word' } }));
    await act(() => i18n.changeLanguage('en'));
    expect((result.current.t as Call)('translatorTest.word')).toBe('word');
    expect((afterSwitch as Call)('translatorTest.word')).toBe('言葉');
  });
});

describe('i18next off the build', () => {
  it('is imported for its types only (and by this reference test): no run-time import of i18next or react-i18next in src', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('translator.test.ts'))
      .filter((file) => /^\s*(?:import|export)\s+(?!type\b)[^;]*from\s+'(?:react-)?i18next'/m.test(readFileSync(path.join(src, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

