import { z } from 'zod';
import { defineEndpoint, PUBLIC } from './endpoint.ts';

/** Upper-case locale names as the bundle call spells them (spec §7 I18n): KO_KR, EN_US, JA_JP, ZH_CN. */
export const BUNDLE_LANGUAGES = ['KO_KR', 'EN_US', 'JA_JP', 'ZH_CN'] as const;
/**
 * The same languages by their upper-case language code alone (KO, EN, JA, ZH): spec §7 says only
 * "languages upper-case comma-joined", and clients write either form. An answer names each
 * language as it was asked.
 */
export const BUNDLE_LANGUAGE_CODES = ['KO', 'EN', 'JA', 'ZH'] as const;
export type BundleLanguage = (typeof BUNDLE_LANGUAGES)[number] | (typeof BUNDLE_LANGUAGE_CODES)[number];
const ANY_BUNDLE_LANGUAGE = [...BUNDLE_LANGUAGES, ...BUNDLE_LANGUAGE_CODES] as const;

export const MessageBundleQuerySchema = z.object({
  bundleFormat: z.enum(['JSON']).default('JSON'),
  category: z.enum(['CONSOLE']),
  languages: z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(z.enum(ANY_BUNDLE_LANGUAGE)).min(1).max(ANY_BUNDLE_LANGUAGE.length)),
});

export const getMessageBundle = defineEndpoint({
  id: 'i18n.getMessageBundle',
  method: 'GET',
  path: '/api/i18n/messages/bundle',
  summary: 'Console messages (result-code texts) for the asked languages',
  tag: 'i18n',
  access: PUBLIC,
  query: MessageBundleQuerySchema,
  response: z.object({
    messages: z.array(z.object({ lang: z.enum(ANY_BUNDLE_LANGUAGE), messages: z.record(z.string(), z.string()) })),
  }),
});
