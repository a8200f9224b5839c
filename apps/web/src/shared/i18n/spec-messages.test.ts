import { SPEC_MESSAGES } from '@console/contracts/spec-messages';
import { describe, expect, it } from 'vitest';
import { en } from './locales/en.ts';
import { ja } from './locales/ja.ts';
import { ko } from './locales/ko.ts';
import { zh } from './locales/zh.ts';
import { MESSAGE_PARTS, MESSAGE_PART_NAMES } from './message-parts.ts';

const textAt = (messages: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);

/** A language's first-paint messages with every message part merged in, as i18next holds them. */
async function everything(lang: 'en' | 'ko' | 'ja' | 'zh', shell: object): Promise<object> {
  const merge = (into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> => {
    for (const [key, value] of Object.entries(from)) {
      const existing = into[key];
      into[key] =
        existing && typeof existing === 'object' && value && typeof value === 'object'
          ? merge({ ...(existing as Record<string, unknown>) }, value as Record<string, unknown>)
          : value;
    }
    return into;
  };
  const parts = await Promise.all(MESSAGE_PART_NAMES.map((part) => MESSAGE_PARTS[part][lang]()));
  return parts.reduce<Record<string, unknown>>((all, part) => merge(all, part as Record<string, unknown>), merge({}, shell as Record<string, unknown>));
}

const [allEn, allKo, allJa, allZh] = await Promise.all([everything('en', en), everything('ko', ko), everything('ja', ja), everything('zh', zh)]);

describe('messages the spec quotes, as the console shows them', () => {
  const shown = SPEC_MESSAGES.flatMap((message) => (message.place.kind === 'ui' ? [{ ...message, key: message.place.key }] : []));

  it('has console texts among them', () => {
    expect(shown.length).toBeGreaterThan(5);
  });

  it.each(shown)('$key says "$en" word for word, and the agreed ko/ja/zh', ({ key, en: text, translations }) => {
    expect(textAt(allEn, key)).toBe(text);
    expect({ ko: textAt(allKo, key), ja: textAt(allJa, key), zh: textAt(allZh, key) }).toEqual(translations);
  });
});
