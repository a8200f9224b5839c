import { SPEC_MESSAGES } from '@console/contracts/spec-messages';
import { describe, expect, it } from 'vitest';
import { en } from './locales/en.ts';
import { ja } from './locales/ja.ts';
import { ko } from './locales/ko.ts';
import { zh } from './locales/zh.ts';

const textAt = (messages: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);

describe('messages the spec quotes, as the console shows them', () => {
  const shown = SPEC_MESSAGES.flatMap((message) => (message.place.kind === 'ui' ? [{ ...message, key: message.place.key }] : []));

  it('has console texts among them', () => {
    expect(shown.length).toBeGreaterThan(5);
  });

  it.each(shown)('$key says "$en" word for word, and the agreed ko/ja/zh', ({ key, en: text, translations }) => {
    expect(textAt(en, key)).toBe(text);
    expect({ ko: textAt(ko, key), ja: textAt(ja, key), zh: textAt(zh, key) }).toEqual(translations);
  });
});
