import { getMessageBundle } from '@console/contracts/refs/i18n';
import type { Locale } from '@console/contracts/locales';
import { queryOptions } from '@tanstack/react-query';
import { callApi, fromQuery } from '../api/client.ts';
import { addServerMessages } from './i18n.ts';
import { bundleLanguageOf } from './locale.ts';

/**
 * Result-code texts of one language from the server's message bundle, put into i18next's
 * `server` namespace as they arrive. Public: the login page needs them too.
 */
export const serverMessagesQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['public', 'message-bundle', locale] as const,
    queryFn: async (context) => {
      const language = bundleLanguageOf(locale);
      const answer = await callApi(getMessageBundle, {
        query: { bundleFormat: 'JSON', category: 'CONSOLE', languages: language },
        routeErrors: false,
        ...fromQuery(context),
      });
      const messages = answer.messages.find((entry) => entry.lang === language)?.messages ?? {};
      addServerMessages(locale, messages);
      return messages;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
