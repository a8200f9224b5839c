import type { ConsoleConfig } from '@console/contracts';
import { EDITION_DEFAULTS, FEATURES, getConsoleConfig, LOCALES, DEFAULT_REGION } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { registerEndpoint } from '../../platform/routes.ts';

/** The edition's defaults, overridden per feature by FEATURE_* variables. */
export function consoleConfigOf(config: AppConfig): ConsoleConfig {
  const edition = EDITION_DEFAULTS[config.edition];
  return {
    edition: config.edition,
    features: Object.fromEntries(
      FEATURES.map((feature) => [feature, config.featureOverrides[feature] ?? edition.features[feature]]),
    ) as ConsoleConfig['features'],
    languages: edition.multiLanguage ? [...LOCALES] : [LOCALES[0]],
    partnerCenterUrl: config.partnerCenterUrl,
    recommendedChromeVersion: 124,
    defaultRegion: DEFAULT_REGION,
    productDomain: config.productDomain,
    productMessageOrigins: config.productMessageOrigins,
  };
}

export function registerConsoleRoutes(app: FastifyInstance, deps: { config: AppConfig }) {
  const consoleConfig = consoleConfigOf(deps.config);
  registerEndpoint(app, getConsoleConfig, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return { config: consoleConfig };
  });
}
