import type { BundleLanguage, Lang, ResultCodeDef } from '@console/contracts';
import { getMessageBundle, RESULT_CODES } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import { defineApiModule } from '../../platform/module.ts';

/**
 * The CONSOLE category: every result code's message, keyed `errors.<code>`, so the web translates
 * what the server answers. Built once: the catalogue does not change while the server runs.
 */
export function consoleMessages(lang: Lang): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const definition of Object.values(RESULT_CODES) as ResultCodeDef[]) {
    const key = `errors.${definition.code}`;
    if (!(key in messages)) messages[key] = definition.messages[lang];
  }
  return messages;
}

/** KO_KR and KO alike: the language is the first two letters. */
const langOfBundle = (language: BundleLanguage) => language.slice(0, 2).toLowerCase() as Lang;

function registerI18nRoutes(app: FastifyInstance) {
  const cache = new Map<Lang, Record<string, string>>();
  registerEndpoint(app, getMessageBundle, async ({ query, reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return {
      messages: [...new Set(query.languages)].map((lang) => {
        const key = langOfBundle(lang);
        let messages = cache.get(key);
        if (!messages) cache.set(key, (messages = consoleMessages(key)));
        return { lang, messages };
      }),
    };
  });
}

/** Served through app.ts's scan of the modules (platform/module.ts). */
export const apiModule = defineApiModule((app) => registerI18nRoutes(app));
