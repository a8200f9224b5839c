import { createHash } from 'node:crypto';
import { z } from 'zod';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  EMAIL_PRODUCT_HOST: z.string().default('127.0.0.1'),
  EMAIL_PRODUCT_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /** The product's PostgreSQL (its own schema `email_product` is created there at start). */
  EMAIL_PRODUCT_DATABASE_URL: optional(z.string().url()),
  DATABASE_URL: optional(z.string().url()),
  /** Where the product calls the console (Appkey verify, mail, ingestion). */
  CONSOLE_URL: z.string().url().default('http://127.0.0.1:8080'),
  /** How mail clients reach the product (the open-tracking pixel). */
  EMAIL_PRODUCT_PUBLIC_URL: optional(z.string().url()),
  /** The console's key for the X-Console-Actor header of its iframe proxy (docs/products.md). */
  PRODUCT_PROXY_SECRET: optional(z.string().min(16)),
  /** 32 bytes in base64: seals the SecretKeys the product keeps. Required in production. */
  EMAIL_PRODUCT_SECRETS_KEY: optional(
    z
      .string()
      .transform((value) => Buffer.from(value, 'base64'))
      .refine((key) => key.length === 32, 'must be 32 bytes in base64'),
  ),
  /** How often the reporter looks for reports to send (ms). */
  EMAIL_PRODUCT_REPORT_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ProductConfig = ReturnType<typeof loadProductConfig>;

/** A fixed key outside production, so a development database's sealed keys open after a restart. */
export const DEVELOPMENT_PRODUCT_SECRETS_KEY = createHash('sha256').update('email product development secrets key').digest();

export function loadProductConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration of the email product:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  const production = values.NODE_ENV === 'production';
  const databaseUrl = values.EMAIL_PRODUCT_DATABASE_URL ?? values.DATABASE_URL;
  if (!databaseUrl) throw new Error('Invalid configuration of the email product:\n  EMAIL_PRODUCT_DATABASE_URL (or DATABASE_URL): required');
  if (production && !values.EMAIL_PRODUCT_SECRETS_KEY) throw new Error('Invalid configuration of the email product:\n  EMAIL_PRODUCT_SECRETS_KEY: required in production');
  if (production && !values.PRODUCT_PROXY_SECRET) throw new Error('Invalid configuration of the email product:\n  PRODUCT_PROXY_SECRET: required in production');
  return {
    host: values.EMAIL_PRODUCT_HOST,
    port: values.EMAIL_PRODUCT_PORT,
    databaseUrl,
    consoleUrl: values.CONSOLE_URL.replace(/\/+$/, ''),
    publicUrl: (values.EMAIL_PRODUCT_PUBLIC_URL ?? `http://localhost:${values.EMAIL_PRODUCT_PORT}`).replace(/\/+$/, ''),
    /** Undefined outside production without it: the actor header cannot be checked, so the UI refuses every page. */
    proxySecret: values.PRODUCT_PROXY_SECRET,
    secretsKey: values.EMAIL_PRODUCT_SECRETS_KEY ?? DEVELOPMENT_PRODUCT_SECRETS_KEY,
    reportIntervalMs: values.EMAIL_PRODUCT_REPORT_INTERVAL_MS,
    logLevel: values.LOG_LEVEL,
  };
}
