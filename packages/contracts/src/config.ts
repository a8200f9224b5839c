import { z } from 'zod';
import { LOCALES } from './locales.ts';

/** Product editions (spec §1). */
export const EDITIONS = ['PUBLIC', 'GOV', 'PRIVATE', 'NATIONAL'] as const;
export type Edition = (typeof EDITIONS)[number];

/** Feature switches per environment (spec §1). */
export const FEATURES = [
  'partner',
  'marketplace',
  'technicalSupport',
  'station',
  'customDashboard',
  'costAnalysis',
  'projectAuthInfo',
] as const;
export type Feature = (typeof FEATURES)[number];

/** What each edition turns on unless the environment says otherwise. */
export const EDITION_DEFAULTS: Readonly<
  Record<Edition, { multiLanguage: boolean; features: Readonly<Record<Feature, boolean>> }>
> = {
  PUBLIC: {
    multiLanguage: true,
    features: {
      partner: true,
      marketplace: true,
      technicalSupport: true,
      station: true,
      customDashboard: true,
      costAnalysis: true,
      projectAuthInfo: true,
    },
  },
  GOV: {
    multiLanguage: false,
    features: {
      partner: false,
      marketplace: true,
      technicalSupport: true,
      station: false,
      customDashboard: true,
      costAnalysis: true,
      projectAuthInfo: true,
    },
  },
  PRIVATE: {
    multiLanguage: true,
    features: {
      partner: false,
      marketplace: false,
      technicalSupport: false,
      station: false,
      customDashboard: true,
      costAnalysis: false,
      projectAuthInfo: true,
    },
  },
  NATIONAL: {
    multiLanguage: true,
    features: {
      partner: false,
      marketplace: false,
      technicalSupport: true,
      station: true,
      customDashboard: true,
      costAnalysis: true,
      projectAuthInfo: true,
    },
  },
};

export const FeatureFlagsSchema = z.object(
  Object.fromEntries(FEATURES.map((feature) => [feature, z.boolean()])) as Record<Feature, z.ZodBoolean>,
);
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

/** What the web needs to know about this installation before anyone signs in. */
export const ConsoleConfigSchema = z.object({
  edition: z.enum(EDITIONS),
  features: FeatureFlagsSchema,
  /** Offered languages, first is the default. One entry when the edition has no multi-language support. */
  languages: z.array(z.enum(LOCALES)).min(1),
  partnerCenterUrl: z.string(),
  /** The Chrome major version the browser banner recommends (spec §1). */
  recommendedChromeVersion: z.number().int(),
  defaultRegion: z.string(),
  /**
   * The product domain (spec §2): an embedded product page may message the console from an https
   * host under it (`https://mail.<domain>`), besides the console's own origin. Null: none.
   */
  productDomain: z.string().nullable(),
  /** Exact origins (PRODUCT_MESSAGE_ORIGINS) whose embedded product pages may message the console too. */
  productMessageOrigins: z.array(z.string()).optional(),
});
export type ConsoleConfig = z.infer<typeof ConsoleConfigSchema>;
