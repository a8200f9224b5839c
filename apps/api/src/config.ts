import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ORG_LIMIT_PER_MEMBER, EDITIONS, IMPORT_MAX_ROWS, ORG_MEMBER_IMPORT_BATCH_LIMIT, FEATURES, type Feature } from '@console/contracts';

const bool = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value));

/** An optional setting: an empty value counts as unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A PostgreSQL 15+ server; without it an embedded PostgreSQL runs with its data under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Signed-in reads answer from the session and permissions kept in memory, dropped when PostgreSQL
   * notifies a change (platform/auth-notify.ts). Default on; off under NODE_ENV=test, whose API tests
   * change rows behind the app's back and assert the very next call (the cache's own tests turn it on).
   */
  AUTH_CACHE: bool.optional(),
  /** Repeated signed-in reads answer from memory (platform/response-cache.ts); needs AUTH_CACHE. Default: on outside tests. */
  RESPONSE_CACHE: bool.optional(),
  /** Load the demo organization on first start. */
  SEED_DEMO: bool.default(true),
  /** Minutes of inactivity after which a session ends. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(35_791_394).default(60),
  /** Longest a session lives however active it is. */
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  /** Set when the console is served over HTTPS, so cookies are marked Secure. */
  COOKIE_SECURE: bool.default(false),
  /** Trust X-Forwarded-For from this many proxies in front of the server (0: none). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * A request header in which the proxy in front names the client's country (ISO 3166-1 alpha-2),
   * e.g. cloudfront-viewer-country or cf-ipcountry; read only behind a trusted proxy.
   */
  CLIENT_COUNTRY_HEADER: optional(z.string().regex(/^[A-Za-z0-9-]+$/).transform((name) => name.toLowerCase())),
  /** Failed sign-ins one client IP may make for one account in a minute (5× over all accounts; platform/throttle.ts). */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** Organizations one cloud member may own (ORGANIZATION_QUOTA_EXCEEDED beyond it). */
  ORG_LIMIT_PER_MEMBER: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_ORG_LIMIT_PER_MEMBER),
  // Rows one organization member import may register (spec §5: 100); at most the file's row cap.
  IMPORT_ORG_MEMBER_BATCH_LIMIT: z.coerce.number().int().min(1).max(IMPORT_MAX_ROWS).default(ORG_MEMBER_IMPORT_BATCH_LIMIT),
  EDITION: z.enum(EDITIONS).default('PUBLIC'),
  PARTNER_CENTER_URL: z.string().url().default('https://partner.example.com'),
  /** Product domain: embedded product pages served from https hosts under it may message the console (spec §2). */
  PRODUCT_DOMAIN: optional(z.string().regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'a lowercase DNS name, e.g. products.example.com')),
  /**
   * Exact origins (comma-separated) whose embedded product pages may message the console besides
   * PRODUCT_DOMAIN's hosts, e.g. a product served from a partner's host: https origins, or
   * http://localhost:<port> (development).
   */
  PRODUCT_MESSAGE_ORIGINS: optional(
    z
      .string()
      .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
      .pipe(
        z.array(
          z.string().refine((entry) => {
            try {
              const url = new URL(entry);
              return url.origin === entry && (url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost'));
            } catch {
              return false;
            }
          }, 'an origin: https://host[:port] (or http://localhost:port), no path'),
        ),
      ),
  ),
  WEB_DIST_DIR: z.string().default(''),
  /** The console's address as users reach it: links in mails are built from it. */
  PUBLIC_URL: optional(z.string().url()),
  /** SMTP as one URL (smtp://user:pass@host:587, smtps://…), or host, port, user and password. */
  SMTP_URL: optional(z.string().url()),
  SMTP_HOST: optional(z.string()),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: bool.default(false),
  SMTP_USER: optional(z.string()),
  SMTP_PASS: optional(z.string()),
  SMTP_FROM: z.string().min(3).default('Cloud Console <no-reply@localhost>'),
  /** A bearer token that opens /metrics to scrapers elsewhere than this host (loopback needs none). */
  METRICS_TOKEN: optional(z.string().min(16).max(256)),
  /** A dev tool for end-to-end tests: /api/console/v1/dev-clock shifts the server's clock. Refused in production. */
  DEV_CLOCK_CONTROL: bool.default(false),
  /** 32 bytes in base64: the key that encrypts secrets at rest (SecretKeys, TOTP seeds, webhook secrets). Required in production. */
  SECRETS_KEY: optional(
    z
      .string()
      .transform((value) => Buffer.from(value, 'base64'))
      .refine((key) => key.length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)'),
  ),
  /**
   * Seconds between runs of the metric rollup and the alarm evaluation, in place of pg-boss's
   * once-a-minute schedule (which stays). The engine still evaluates each rule once per minute of
   * data (its watermark); more frequent runs only shorten the wait for a minute that became due.
   * For end-to-end tests with the dev clock; unset: the schedule alone.
   */
  ALARM_EVALUATION_INTERVAL_SECONDS: optional(z.coerce.number().int().min(1).max(60)),
  /** Comma-separated host names webhooks may call although they are internal (loopback, private addresses). */
  WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
  /** Start the sample product Notification > Email (apps/products/email) beside the console. Default: on outside production. */
  EMAIL_PRODUCT_START: bool.optional(),
  /** Where the sample product listens when the console starts it (default PORT + 1). */
  EMAIL_PRODUCT_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  /** Where the console reaches the sample product (its catalogue productUrl; the iframe proxy forwards there). */
  EMAIL_PRODUCT_URL: optional(z.string().url()),
  /** The key that signs the caller header the iframe proxy adds for products (X-Console-Actor); derived from SECRETS_KEY when unset. */
  PRODUCT_PROXY_SECRET: optional(z.string().min(16).max(256)),
  /** How long the iframe proxy waits for a product's answer (ms). */
  PRODUCT_PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /** Days raw metric samples are kept (their month partition is dropped once wholly older). At least 8: samples may arrive 7 days late. */
  METRIC_RAW_RETENTION_DAYS: z.coerce.number().int().min(8).max(3650).default(14),
  /** Days per-minute and 5-minute metric rollups are kept. */
  METRIC_ROLLUP_RETENTION_DAYS: z.coerce.number().int().min(8).max(3650).default(90),
  /** Days hourly and daily metric rollups are kept (what the 1-month and 1-year presets read). */
  METRIC_HOURLY_RETENTION_DAYS: z.coerce.number().int().min(8).max(3650).default(400),
  /** Days raw usage records and hourly usage rollups are kept (daily usage rollups are kept without end). */
  USAGE_RETENTION_DAYS: z.coerce.number().int().min(35).max(3650).default(400),
  ...Object.fromEntries(FEATURES.map((feature) => [featureEnvName(feature), bool.optional()])),
});

/** FEATURE_COST_ANALYSIS for costAnalysis, and so on. */
export function featureEnvName(feature: Feature): string {
  return `FEATURE_${feature.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
}

export type AppConfig = ReturnType<typeof loadConfig>;

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the environment once, at start; a bad value stops the server with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data as z.infer<typeof EnvSchema> & Record<string, boolean | undefined>;
  if (values.CLIENT_COUNTRY_HEADER && values.TRUST_PROXY_HOPS === 0) {
    // Without a proxy that sets it, any client could name any country.
    throw new Error('Invalid configuration:\n  CLIENT_COUNTRY_HEADER: needs TRUST_PROXY_HOPS > 0 (a proxy that sets the header)');
  }
  if (values.DEV_CLOCK_CONTROL && values.NODE_ENV === 'production') {
    // A movable clock would let any signed-in caller step past session lifetimes and role conditions.
    throw new Error('Invalid configuration:\n  DEV_CLOCK_CONTROL: a dev tool, never allowed with NODE_ENV=production');
  }
  if (!values.SECRETS_KEY && values.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  SECRETS_KEY: required with NODE_ENV=production (32 bytes in base64: openssl rand -base64 32)');
  }
  const features = Object.fromEntries(
    FEATURES.map((feature) => [feature, values[featureEnvName(feature)]]),
  ) as Record<Feature, boolean | undefined>;
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    logLevel: values.LOG_LEVEL,
    databaseUrl: values.DATABASE_URL,
    dataDir: path.resolve(repoRoot, values.DATA_DIR),
    embeddedPgPort: values.EMBEDDED_PG_PORT,
    databasePoolMax: values.DATABASE_POOL_MAX,
    authCache: values.AUTH_CACHE ?? values.NODE_ENV !== 'test',
    responseCache: values.RESPONSE_CACHE ?? values.NODE_ENV !== 'test',
    seedDemo: values.SEED_DEMO,
    sessionIdleMinutes: values.SESSION_IDLE_MINUTES,
    sessionMaxHours: values.SESSION_MAX_HOURS,
    cookieSecure: values.COOKIE_SECURE,
    trustProxyHops: values.TRUST_PROXY_HOPS,
    /** Lower-case header name carrying the client's country, set by the trusted proxy; undefined: unknown. */
    clientCountryHeader: values.CLIENT_COUNTRY_HEADER,
    loginRateLimitPerMinute: values.LOGIN_RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    orgLimitPerMember: values.ORG_LIMIT_PER_MEMBER,
    importOrgMemberBatchLimit: values.IMPORT_ORG_MEMBER_BATCH_LIMIT,
    edition: values.EDITION,
    partnerCenterUrl: values.PARTNER_CENTER_URL,
    productDomain: values.PRODUCT_DOMAIN ?? null,
    productMessageOrigins: values.PRODUCT_MESSAGE_ORIGINS ?? [],
    webDistDir: values.WEB_DIST_DIR
      ? path.resolve(repoRoot, values.WEB_DIST_DIR)
      : path.join(repoRoot, 'apps/web/dist'),
    featureOverrides: features,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    /** Undefined: no SMTP, mails go to the dev outbox. */
    smtp: smtpOf(values),
    mailFrom: values.SMTP_FROM,
    /** Undefined: /metrics answers loopback callers only. */
    metricsToken: values.METRICS_TOKEN,
    /** The dev clock's routes answer and its offset applies (never in production). */
    devClockControl: values.DEV_CLOCK_CONTROL,
    /** Undefined outside production: platform/secrets.ts then uses a fixed development key (and says so at start). */
    secretsKey: values.SECRETS_KEY,
    emailProduct: emailProductOf(values),
    /** Undefined: derived from the secrets key (product-gateway/actor-token.ts). */
    productProxySecret: values.PRODUCT_PROXY_SECRET,
    productProxyTimeoutMs: values.PRODUCT_PROXY_TIMEOUT_MS,
    /** Undefined: the rollup and the alarm evaluation run on pg-boss's minute schedule only. */
    alarmEvaluationIntervalSeconds: values.ALARM_EVALUATION_INTERVAL_SECONDS,
    /** Host names (lower case) webhooks may call although internal (modules/notifications/outbound.ts). */
    webhookAllowedHosts: values.WEBHOOK_ALLOWED_HOSTS.split(',').map((host) => host.trim().toLowerCase().replace(/^\[|\]$/g, '')).filter(Boolean),
    /** Retention of ingested metrics and usage (modules/metrics): days. */
    retention: {
      metricRawDays: values.METRIC_RAW_RETENTION_DAYS,
      metricRollupDays: values.METRIC_ROLLUP_RETENTION_DAYS,
      metricHourlyDays: values.METRIC_HOURLY_RETENTION_DAYS,
      usageDays: values.USAGE_RETENTION_DAYS,
    },
  };
}

export type SmtpSettings =
  | { url: string }
  | { host: string; port: number; secure: boolean; auth: { user: string; pass: string } | undefined };

function smtpOf(values: z.infer<typeof EnvSchema>): SmtpSettings | undefined {
  if (values.SMTP_URL) return { url: values.SMTP_URL };
  if (!values.SMTP_HOST) return undefined;
  return {
    host: values.SMTP_HOST,
    port: values.SMTP_PORT,
    secure: values.SMTP_SECURE,
    auth: values.SMTP_USER ? { user: values.SMTP_USER, pass: values.SMTP_PASS ?? '' } : undefined,
  };
}

/** The sample product (apps/products/email): whether the console starts it, on which port, and where it is reached. */
function emailProductOf(values: z.infer<typeof EnvSchema>) {
  const port = values.EMAIL_PRODUCT_PORT ?? (values.PORT === 0 ? 8081 : Math.min(values.PORT + 1, 65535));
  return {
    start: values.EMAIL_PRODUCT_START ?? values.NODE_ENV !== 'production',
    port,
    url: (values.EMAIL_PRODUCT_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
  };
}
