import { z } from 'zod';
import { defineEndpoint, PUBLIC } from './endpoint.ts';

/** Upper-case locale names as the bundle call spells them (spec §7 I18n): KO_KR, EN_US, JA_JP, ZH_CN. */
export const BUNDLE_LANGUAGES = ['KO_KR', 'EN_US', 'JA_JP', 'ZH_CN'] as const;
export type BundleLanguage = (typeof BUNDLE_LANGUAGES)[number];

export const MessageBundleQuerySchema = z.object({
  bundleFormat: z.enum(['JSON']).default('JSON'),
  category: z.enum(['CONSOLE']),
  languages: z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(z.enum(BUNDLE_LANGUAGES)).min(1).max(BUNDLE_LANGUAGES.length)),
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
    messages: z.array(z.object({ lang: z.enum(BUNDLE_LANGUAGES), messages: z.record(z.string(), z.string()) })),
  }),
});
