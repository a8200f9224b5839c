import { describe, expect, it } from 'vitest';

/**
 * The build leaves out the ICU message parser (vite.config.ts, `icuParserOmitted`): Cloudscape's
 * formatter would need it only for a message given as a string. The console gives its
 * I18nProvider Cloudscape's own message files alone; every message in them must be parsed already.
 */
const FILES = {
  ko: () => import('@cloudscape-design/components/i18n/messages/all.ko'),
  en: () => import('@cloudscape-design/components/i18n/messages/all.en'),
  ja: () => import('@cloudscape-design/components/i18n/messages/all.ja'),
  zh: () => import('@cloudscape-design/components/i18n/messages/all.zh-CN'),
};

describe("Cloudscape's messages", () => {
  for (const [lang, load] of Object.entries(FILES)) {
    it(`are parsed already (no string for the ICU parser) in ${lang}`, async () => {
      const messages = (await load()).default as unknown as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
      const leaves = Object.values(messages).flatMap((byLocale) =>
        Object.values(byLocale).flatMap((byComponent) => Object.values(byComponent).flatMap((byKey) => Object.values(byKey))),
      );
      expect(leaves.length).toBeGreaterThan(300);
      expect(leaves.filter((message) => !Array.isArray(message))).toEqual([]);
    });
  }
});
