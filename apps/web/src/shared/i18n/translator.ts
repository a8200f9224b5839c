import type { TFunction } from 'i18next';

/**
 * The console's translator: the part of i18next the console uses, with i18next's behaviour for
 * it (pinned case by case against i18next itself in translator.test.ts), in ≈ 1 KiB instead of
 * i18next's 13.7 KiB gzip on every route's first paint (issue 16). What it does:
 *
 * - `t(key, options)`: nested lookup by `.` (or flat with `keySeparator: false`), in `options.ns`
 *   or the default namespace, in `options.lng` or the active language; no fallback language.
 * - Plurals: with a numeric `count`, `key_<Intl.PluralRules category>` first (`key_zero` before it
 *   when count is 0), then `key`.
 * - A missing key answers `defaultValue` (or `defaultValue_<category>`, `defaultValue_zero`),
 *   else the key itself; both interpolated like a found text.
 * - `{{name}}` interpolation from the options (or `options.replace`), values as they are (the
 *   console set `escapeValue: false`); a variable not passed stays `{{name}}`, one passed as
 *   `undefined` or `null` becomes empty; `{{a.b}}` reads a path.
 * - A key that names a block (an object) answers i18next's "returned an object" sentence.
 *
 * What it leaves out, because no console message or call uses it (locales.test.ts and
 * translator.test.ts check the messages): `$t()` nesting, `{{name, format}}` formats, context,
 * ordinal plurals, `returnObjects`, `ns:key` in keys, fallback languages, backends.
 *
 * Every change (`init`, `changeLanguage`, `addResourceBundle`) moves `revision` on and calls the
 * listeners: `useTranslation` re-renders with a `t` of a new identity, as react-i18next did.
 */

type Messages = { [key: string]: string | Messages };
export type TranslateOptions = Record<string, unknown>;

export interface Translator {
  /** The active language (`ko`, `en`…); empty before `init`. */
  readonly language: string;
  readonly isInitialized: boolean;
  /** Moves on at every change of language or messages. */
  readonly revision: number;
  readonly t: TFunction;
  init(options: { lng: string; defaultNS?: string }): Promise<TFunction>;
  changeLanguage(lng: string): Promise<TFunction>;
  /** Merges messages into a language's namespace, deeply, a later text replacing an earlier one. */
  addResourceBundle(lng: string, ns: string, messages: object): void;
  /** Whether `t` would find a text for the key (in the active language), without defaults. */
  exists(key: string, options?: TranslateOptions): boolean;
  /** A `t` of one language, whatever the active one. */
  getFixedT(lng: string): TFunction;
  /** `t` of the active language, the same function until the next change. */
  currentT(): TFunction;
  subscribe(listener: () => void): () => void;
}

const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
const isObject = (value: unknown): value is Messages => typeof value === 'object' && value !== null;

/** A value at a path of keys, own properties only (no `constructor`, no `__proto__`). */
function walk(node: unknown, path: readonly string[]): unknown {
  for (const part of path) {
    if (!isObject(node) || !own(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * i18next's second look when the path finds nothing: keys that hold the separator themselves
 * (`{ 'a.b': { c } }` for `a.b.c`), the shortest that exists at each level.
 */
function deepFind(node: unknown, key: string, separator: string): unknown {
  if (isObject(node) && own(node, key)) return node[key];
  const tokens = key.split(separator);
  for (let i = 0; i < tokens.length; ) {
    if (!isObject(node)) return undefined;
    let next: unknown;
    let j = i;
    for (; j < tokens.length; j++) {
      const part = tokens.slice(i, j + 1).join(separator);
      next = own(node, part) ? node[part] : undefined;
      if (next !== undefined && (isObject(next) || j === tokens.length - 1)) break;
    }
    i = j + 1;
    node = next;
  }
  return node;
}

function deepMerge(target: Messages, source: Messages): void {
  for (const key of Object.keys(source)) {
    if (key === '__proto__' || key === 'constructor') continue;
    const into = target[key];
    const from = source[key]!;
    if (isObject(into) && isObject(from)) deepMerge(into, from);
    else target[key] = from;
  }
}

const PLACEHOLDER = /\{\{(-?)(.+?)\}\}/g;

/** `{{name}}` (and `{{- name}}`) filled as i18next fills them with `skipOnVariables` and no escaping. */
function interpolate(text: string, options: TranslateOptions): string {
  const values = isObject(options.replace) ? options.replace : options;
  return text.replace(PLACEHOLDER, (match, _unescaped: string, name: string) => {
    name = name.trim();
    const value = own(values, name) ? values[name] : walk(values, name.split('.'));
    if (value === undefined) return own(options, name) ? '' : match;
    return value == null ? '' : String(value);
  });
}

export function createTranslator(): Translator {
  const data: Record<string, Record<string, Messages>> = {};
  const rules = new Map<string, Intl.PluralRules>();
  const listeners = new Set<() => void>();
  let defaultNS = 'translation';
  let current: TFunction | undefined;

  const pluralSuffix = (lng: string, count: number) => {
    let rule = rules.get(lng);
    if (!rule) {
      try {
        rule = new Intl.PluralRules(lng);
      } catch {
        // Not a language tag (before `init`): i18next takes English's rules then.
        rule = new Intl.PluralRules('en');
      }
      rules.set(lng, rule);
    }
    return `_${rule.select(count)}`;
  };

  /** The text (or block) for a key with its plural forms, and the plural suffix used. */
  function find(lng: string, key: string, options: TranslateOptions): [unknown, string] {
    const separator = options.keySeparator === false ? undefined : ((options.keySeparator as string | undefined) ?? '.');
    const messages = data[lng]?.[(options.ns as string | undefined) ?? defaultNS];
    const { count } = options;
    const suffix = count !== undefined && typeof count !== 'string' ? pluralSuffix(lng, count as number) : '';
    const keys = suffix ? [...(count === 0 ? [`${key}_zero`] : []), key + suffix, key] : [key];
    for (const candidate of keys) {
      const found = separator ? (walk(messages, candidate.split(separator)) ?? deepFind(messages, candidate, separator)) : walk(messages, [candidate]);
      if (found != null) return [found, suffix];
    }
    return [undefined, suffix];
  }

  function translate(lng: string, key: string, options: TranslateOptions = {}): string {
    const [found, suffix] = find(lng, key, options);
    if (isObject(found)) return `key '${key} (${translator.language})' returned an object instead of string.`;
    const fallback =
      (options.count === 0 && options.defaultValue_zero) || options[`defaultValue${suffix}`] || options.defaultValue;
    const text = found ?? fallback ?? key;
    return typeof text === 'string' ? interpolate(text, options) : (text as string);
  }

  const fixed = (lng: string | undefined) =>
    ((key: string, options?: TranslateOptions) =>
      translate(((options?.lng as string | undefined) ?? lng ?? translator.language) || '', key, options)) as unknown as TFunction;

  function changed(): void {
    translator.revision++;
    current = undefined;
    for (const listener of listeners) listener();
  }

  const translator = {
    language: '',
    isInitialized: false,
    revision: 0,
    t: fixed(undefined),
    init(options: { lng: string; defaultNS?: string }) {
      defaultNS = options.defaultNS ?? defaultNS;
      translator.isInitialized = true;
      return translator.changeLanguage(options.lng);
    },
    changeLanguage(lng: string) {
      translator.language = lng;
      changed();
      return Promise.resolve(translator.t);
    },
    addResourceBundle(lng: string, ns: string, messages: object) {
      const languageData = (data[lng] ??= {});
      deepMerge((languageData[ns] ??= {}), messages as Messages);
      changed();
    },
    exists(key: string, options: TranslateOptions = {}) {
      return find((options.lng as string | undefined) ?? translator.language, key, options)[0] !== undefined;
    },
    getFixedT: fixed,
    currentT() {
      return (current ??= fixed(translator.language));
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return translator;
}
