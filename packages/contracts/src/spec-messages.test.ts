import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESULT_CODES } from './result-codes.ts';
import { SPEC_MESSAGES } from './spec-messages.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

/** The spec beside the repository (`../shared/spec/console-spec.md`); a fresh clone has none. */
const SPEC_FILE = path.resolve(import.meta.dirname, '../../../../shared/spec/console-spec.md');

/** The messages a section quotes: '…' not inside a word (so "user's" is no quote). */
function quotedIn(spec: string, section: number): string[] {
  const start = spec.indexOf(`\n## ${section}.`);
  const end = spec.indexOf('\n## ', start + 1);
  const text = spec.slice(start, end === -1 ? undefined : end);
  return [...text.matchAll(/(?<![A-Za-z])'([^'\n]+?)'(?![A-Za-z])/g)].map((match) => match[1] ?? '');
}

describe('messages the spec quotes (§5, §8)', () => {
  it.skipIf(!existsSync(SPEC_FILE))('lists every quoted message of the spec, in its order, and nothing else', () => {
    const spec = readFileSync(SPEC_FILE, 'utf8');
    const quoted = [...quotedIn(spec, 5).map((en) => `§5 ${en}`), ...quotedIn(spec, 8).map((en) => `§8 ${en}`)];
    expect(SPEC_MESSAGES.map((message) => `${message.section} ${message.en}`)).toEqual(quoted);
  });

  it('gives each message built so far a key and its ko/ja/zh text; only areas not built have none', () => {
    for (const message of SPEC_MESSAGES) {
      if (message.place.kind === 'notBuilt') expect(message.translations, message.en).toBeUndefined();
      else expect(message.translations, message.en).toBeDefined();
    }
    expect(new Set(SPEC_MESSAGES.map((message) => message.en)).size).toBe(SPEC_MESSAGES.length);
  });

  it('says each result-code and validation message word for word in English, and as agreed in ko/ja/zh', () => {
    for (const { en, place, translations } of SPEC_MESSAGES) {
      if (place.kind !== 'result' && place.kind !== 'validation') continue;
      const messages = place.kind === 'result' ? RESULT_CODES[place.key].messages : VALIDATION_MESSAGES[place.key];
      expect(messages.en, place.key).toBe(en);
      expect({ ko: messages.ko, ja: messages.ja, zh: messages.zh }, place.key).toEqual(translations);
    }
  });
});
