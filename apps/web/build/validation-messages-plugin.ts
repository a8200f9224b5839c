import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** What a form imports: `virtual:validation-messages/<lang>`, one language's field messages. */
const PREFIX = 'virtual:validation-messages/';
const RESOLVED = `\0${PREFIX}`;
const LANGS = ['ko', 'en', 'ja', 'zh'] as const;
const source = fileURLToPath(new URL('../../../packages/contracts/src/validation-messages.ts', import.meta.url));

/**
 * The contracts keep every field message in one table, each key with its four languages side by
 * side (packages/contracts/src/validation-messages.ts: the server answers from it, translators
 * read it whole). A form needs only the active language's: this serves
 * `virtual:validation-messages/<lang>` as that language's column (`{ key: text }`), read from the
 * contracts' table when the module is built, so the web never ships the other three and the
 * table stays the one source. Used by the build, the dev server and the web tests (vitest.config.ts).
 */
export function validationMessagesPerLanguage(): Plugin {
  return {
    name: 'console:validation-messages-per-language',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const lang = id.slice(RESOLVED.length);
      if (!(LANGS as readonly string[]).includes(lang)) this.error(`no validation messages for language "${lang}"`);
      this.addWatchFile(source);
      // A fresh URL each time, so the dev server and watch builds read the table as it is now.
      const module = (await import(`${pathToFileURL(source).href}?at=${Date.now()}`)) as {
        VALIDATION_MESSAGES: Readonly<Record<string, Readonly<Record<string, string>>>>;
      };
      const column = Object.fromEntries(Object.entries(module.VALIDATION_MESSAGES).map(([key, texts]) => [key, texts[lang]]));
      return `export default ${JSON.stringify(column)};`;
    },
  };
}
