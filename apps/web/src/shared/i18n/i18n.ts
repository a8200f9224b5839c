import { langOf, type Lang, type Locale } from '@console/contracts/locales';
import { createTranslator } from './translator.ts';
import type { UiMessages } from './locales/en.ts';
import { MESSAGE_PARTS, type MessagePart } from './message-parts.ts';

/** Namespaces: the console's own strings, and result-code texts from the server's bundle. */
export const UI_NAMESPACE = 'translation';
export const SERVER_NAMESPACE = 'server';

export const i18n = createTranslator();

const uiMessageLoaders: Readonly<Record<Lang, () => Promise<UiMessages>>> = {
  en: () => import('./locales/en.ts').then((module) => module.en),
  ko: () => import('./locales/ko.ts').then((module) => module.ko),
  ja: () => import('./locales/ja.ts').then((module) => module.ja),
  zh: () => import('./locales/zh.ts').then((module) => module.zh),
};

let initialized: Promise<unknown> | undefined;

function ensureInitialized(lang: Lang): Promise<unknown> {
  // What the i18next setup was (no fallback language, values not escaped, no null texts) is what the
  // translator does (translator.ts).
  initialized ??= i18n.init({ lng: lang, defaultNS: UI_NAMESPACE });
  return initialized;
}

/** What has been added to the translator: `ko` (the first-paint messages), `ko:members` (a part). */
const loaded = new Map<string, Promise<void>>();
/** The parts the console has needed so far: a language switch loads them in the new language. */
const wanted = new Set<MessagePart>();

function loadOnce(lang: Lang, part?: MessagePart): Promise<void> {
  const key = part ? `${lang}:${part}` : lang;
  let done = loaded.get(key);
  if (!done) {
    const loader: () => Promise<object> = part ? MESSAGE_PARTS[part][lang] : uiMessageLoaders[lang];
    done = loader().then((messages) => {
      // Deep merge: a part may add sub-keys to a block the first-paint messages also hold.
      i18n.addResourceBundle(lang, UI_NAMESPACE, messages);
    });
    done.catch(() => loaded.delete(key));
    loaded.set(key, done);
  }
  return done;
}

/**
 * Loads the UI strings of a language (once) into the translator: the first-paint messages, the given
 * parts and every part loaded before in another language (so a language switch keeps the page's
 * strings). Resolves when all of them are in.
 */
export async function loadUiMessages(locale: Locale, parts: readonly MessagePart[] = []): Promise<void> {
  const lang = langOf(locale);
  await ensureInitialized(lang);
  for (const part of parts) wanted.add(part);
  await loadOnce(lang);
  // A route may ask for a part while this runs: load (or wait for) every wanted part until none is added.
  let count: number;
  do {
    count = wanted.size;
    await Promise.all([...wanted].map((part) => loadOnce(lang, part)));
  } while (wanted.size !== count);
}

/**
 * Loads message parts in the active language; a route's `messages` (app/route-objects.ts) and
 * on-demand screens (a creation modal opened from anywhere) await it before they render, so no key
 * shows untranslated. Before the first language is chosen, the parts are noted and that first
 * `loadUiMessages` loads them.
 */
export async function loadMessageParts(parts: readonly MessagePart[]): Promise<void> {
  for (const part of parts) wanted.add(part);
  const lang = i18n.language as Lang | undefined;
  if (!i18n.isInitialized || !lang) return;
  await Promise.all(parts.map((part) => loadOnce(lang, part)));
}

/** Adds result-code texts of the server's bundle (`errors.<code>` → text) for a language. */
export function addServerMessages(locale: Locale, messages: Readonly<Record<string, string>>): void {
  i18n.addResourceBundle(langOf(locale), SERVER_NAMESPACE, messages);
}

/** The server's text for a key such as `errors.-6` in the active language, if the bundle has it. */
export function serverMessage(key: string): string | undefined {
  const text = i18n.t(key, { ns: SERVER_NAMESPACE, keySeparator: false, defaultValue: '' });
  return typeof text === 'string' && text !== '' ? text : undefined;
}
