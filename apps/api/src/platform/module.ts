import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Authorizer } from './authz.ts';
import type { Clock } from './context.ts';
import type { Jobs } from './jobs.ts';
import type { Mail } from './mail.ts';
import type { SecretBox } from './secrets.ts';
import type { SmsProvider } from './sms.ts';
import type { FailureThrottle } from './throttle.ts';

/**
 * What the platform hands every module when the app is built: the database, the configuration,
 * the app's one clock and the shared services a module's service may need. A module takes what
 * it uses (`({ db }) => …`) and builds its own service from it.
 */
export interface ModulePlatform {
  readonly db: Database;
  readonly config: AppConfig;
  readonly clock: Clock;
  readonly authorizer: Authorizer;
  readonly mail: Mail;
  readonly sms: SmsProvider;
  readonly jobs: Jobs;
  /** Failed sign-ins and unknown links, per account and client IP (LOGIN_RATE_LIMIT_PER_MINUTE). */
  readonly throttle: FailureThrottle;
  /** Seals secrets at rest (SECRETS_KEY). */
  readonly box: SecretBox;
}

/**
 * A server module as the app finds it: `export const apiModule = defineApiModule(…)` in its
 * `modules/<name>/<name>.routes.ts`. app.ts scans modules/*\/*.routes.ts at start and calls each
 * one's `register` in the order of the folder names, so a new module is served with nothing to
 * list (docs/architecture.md "API: modules found by a scan"); a module wired to another's service
 * is still built in app.ts.
 */
export interface ApiModule {
  /** Binds the module's endpoints (`registerEndpoint`) and defines its jobs. */
  readonly register: (app: FastifyInstance, platform: ModulePlatform) => void;
}

export const defineApiModule = (register: ApiModule['register']): ApiModule => ({ register });

export function isApiModule(value: unknown): value is ApiModule {
  return typeof value === 'object' && value !== null && typeof (value as Partial<ApiModule>).register === 'function';
}
