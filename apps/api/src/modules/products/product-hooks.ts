import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { productHookEvents, products } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { signatureHeaders } from '../notifications/delivery.ts';
import { productsRepository as repo } from './products.repository.ts';

/**
 * Product hooks (docs/products.md §5): the console tells a product with a `hookUrl` that it was
 * enabled or disabled in a project or an organization, and — when it declares
 * `appKeyReissueHookStatusCode` COMPLETE — that one of its SecretKeys was reissued.
 *
 * The event row and its delivery job are written in the change's own transaction (nothing is sent
 * for a change that rolls back; nothing is lost for one that commits). A delivery is signed like a
 * webhook (`webhook-id` = the event id, `webhook-timestamp`, `webhook-signature: v1,<HMAC-SHA256>`
 * keyed by PRODUCT_PROXY_SECRET, the key the console shares with its products). A product that is
 * down (network error, timeout, 5xx, 408, 429, a redirect) is tried again with backoff — 5 s
 * doubling up to every hour — for as long as it takes: the row stays PENDING and the sweeper (every
 * minute) picks it up when due, also after a crash. A 2xx delivers it; another 4xx is the product's
 * final refusal (FAILED, kept with its status). At least once: a product dedupes by the event id.
 */

export const PRODUCT_HOOK_DELIVER_JOB = 'products.hook.deliver';
export const PRODUCT_HOOK_SWEEP_JOB = 'products.hook.sweep';
export const HOOK_TIMEOUT_MS = 10_000;
/** An attempt holds its event this long; a worker killed mid-attempt frees it after. */
export const HOOK_LEASE_MS = 60_000;
const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 3600_000;

/** The wait after failed attempt `attempt` (1-based): 5 s doubling to a cap of 1 h. */
export const hookRetryDelayMs = (attempt: number) => Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));

export interface ProductHookDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly box: SecretBox;
  /** PRODUCT_PROXY_SECRET (or the key derived from SECRETS_KEY): signs every delivery. */
  readonly signingKey: string;
  readonly timeoutMs?: number;
}

/** What a product is told of: a SecretKey regenerated, the service enabled, the service disabled. */
export type ProductHookEventType = 'APPKEY_SECRET_KEY_REISSUED' | 'PRODUCT_ENABLED' | 'PRODUCT_DISABLED';

export interface ProductHookEvent {
  orgId: string;
  projectId: string | null;
  productId: string;
  appKey: string;
  eventType: ProductHookEventType;
  occurredAt: Date;
}

/**
 * Whether the product wants the event: every product with a `hookUrl` is told of enable and
 * disable; a reissued SecretKey only one that declares its reissue hook COMPLETE (spec §3
 * productAppKeyReissueHookApiStatusCode).
 */
const wants = (product: { status: 'COMPLETE' | 'NONE'; hookUrl: string | null } | undefined, eventType: ProductHookEventType) =>
  product !== undefined && product.hookUrl !== null && product.hookUrl !== '' && (eventType !== 'APPKEY_SECRET_KEY_REISSUED' || product.status === 'COMPLETE');

/**
 * In `tx` (the change's own transaction: the reissue, the enable or the disable): an event for the
 * product, when it wants it, and its delivery job. Answers the event id, or null when the product
 * is not told.
 */
export async function enqueueProductHook(tx: Executor, jobs: Jobs, event: ProductHookEvent): Promise<string | null> {
  const [product] = await tx
    .select({ status: products.appKeyReissueHookStatusCode, hookUrl: products.hookUrl })
    .from(products)
    .where(eq(products.productId, event.productId));
  if (!wants(product, event.eventType)) return null;
  const [row] = await tx
    .insert(productHookEvents)
    .values({ ...event, nextAttemptAt: event.occurredAt })
    .returning({ id: productHookEvents.id });
  await jobs.enqueue(tx, PRODUCT_HOOK_DELIVER_JOB, { eventId: row!.id });
  return row!.id;
}

/** A reissued SecretKey (app-keys.service.ts), in the reissue's transaction. */
export const enqueueSecretKeyReissued = (tx: Executor, jobs: Jobs, event: Omit<ProductHookEvent, 'eventType'>) =>
  enqueueProductHook(tx, jobs, { ...event, eventType: 'APPKEY_SECRET_KEY_REISSUED' });

type Outcome = { kind: 'DELIVERED' } | { kind: 'FAILED' | 'RETRY' | 'CANCELLED'; httpStatus: number | null; error: string };

/** Where the hook is: `hookUrl`, absolute or relative to the product's URL. */
function hookTarget(hookUrl: string, productUrl: string | null): URL | null {
  try {
    return new URL(hookUrl, productUrl ?? undefined);
  } catch {
    return null;
  }
}

async function send(deps: ProductHookDeps, event: typeof productHookEvents.$inferSelect): Promise<Outcome> {
  const product = await repo.product(deps.db, event.productId);
  if (!product || !wants({ status: product.appKeyReissueHookStatusCode, hookUrl: product.hookUrl }, event.eventType)) {
    return { kind: 'CANCELLED', httpStatus: null, error: 'the product no longer has a hook for this event' };
  }
  const target = hookTarget(product.hookUrl!, product.productUrl);
  if (!target || !/^https?:$/.test(target.protocol)) return { kind: 'FAILED', httpStatus: null, error: 'the hook URL is not an http(s) URL' };
  const now = deps.clock();
  const common = {
    eventId: event.id,
    eventType: event.eventType,
    occurredAt: event.occurredAt.toISOString(),
    productId: event.productId,
    orgId: event.orgId,
    projectId: event.projectId,
    appKey: event.appKey,
  };
  let body: string;
  if (event.eventType === 'PRODUCT_DISABLED') {
    // The Appkey is gone: the product forgets it (and the SecretKey it was given).
    body = JSON.stringify(common);
  } else {
    // Enabled or reissued: the service's current SecretKey, read now (the event row never stores
    // it); a service disabled meanwhile is not told of (its PRODUCT_DISABLED event follows).
    const service = event.projectId ? await repo.projectProductByAppKey(deps.db, event.appKey) : await repo.orgProductByAppKey(deps.db, event.appKey);
    if (!service || service.orgId !== event.orgId) return { kind: 'CANCELLED', httpStatus: null, error: 'the service was disabled' };
    const secretKey = service.secretKeyEnc ? deps.box.open(service.secretKeyEnc) : null;
    // A later reissue's event sends the same (newest) key, which is harmless.
    body = JSON.stringify({ ...common, secretKey, secretKeyIssuedAt: service.secretKeyIssuedAt.toISOString() });
  }
  const headers = { 'content-type': 'application/json', ...signatureHeaders(deps.signingKey, event.id, Math.floor(now.getTime() / 1000), body) };
  let response: Response;
  try {
    response = await fetch(target, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(deps.timeoutMs ?? HOOK_TIMEOUT_MS) });
    await response.body?.cancel();
  } catch (error) {
    return { kind: 'RETRY', httpStatus: null, error: error instanceof Error ? error.message : String(error) };
  }
  if (response.status >= 200 && response.status < 300) return { kind: 'DELIVERED' };
  const retryable = response.status >= 500 || response.status === 408 || response.status === 429 || (response.status >= 300 && response.status < 400);
  return { kind: retryable ? 'RETRY' : 'FAILED', httpStatus: response.status, error: `HTTP ${response.status}` };
}

/**
 * One attempt at the event `eventId` if it is due and not held by another attempt. Answers
 * whether an attempt was made.
 */
export async function attemptHookEvent(deps: ProductHookDeps, eventId: string): Promise<boolean> {
  const now = deps.clock();
  const [claimed] = await deps.db
    .update(productHookEvents)
    .set({ lockedUntil: new Date(now.getTime() + HOOK_LEASE_MS) })
    .where(
      and(
        eq(productHookEvents.id, eventId),
        eq(productHookEvents.statusCode, 'PENDING'),
        lte(productHookEvents.nextAttemptAt, now),
        or(isNull(productHookEvents.lockedUntil), lte(productHookEvents.lockedUntil, now)),
      ),
    )
    .returning();
  if (!claimed) return false;
  const outcome = await send(deps, claimed);
  const attempts = claimed.attempts + 1;
  const done = deps.clock();
  if (outcome.kind === 'DELIVERED') {
    await deps.db
      .update(productHookEvents)
      .set({ statusCode: 'DELIVERED', attempts, deliveredAt: done, lockedUntil: null, lastError: null })
      .where(eq(productHookEvents.id, eventId));
  } else if (outcome.kind === 'RETRY') {
    await deps.db
      .update(productHookEvents)
      .set({
        attempts,
        nextAttemptAt: new Date(done.getTime() + hookRetryDelayMs(attempts)),
        lockedUntil: null,
        lastHttpStatus: outcome.httpStatus,
        lastError: outcome.error.slice(0, 500),
      })
      .where(eq(productHookEvents.id, eventId));
  } else {
    await deps.db
      .update(productHookEvents)
      .set({ statusCode: outcome.kind, attempts, lockedUntil: null, lastHttpStatus: outcome.httpStatus, lastError: outcome.error.slice(0, 500) })
      .where(eq(productHookEvents.id, eventId));
  }
  return true;
}

/** Attempts every due PENDING event (retries, first attempts whose job was lost, leases run out). */
export async function sweepHookEvents(deps: ProductHookDeps, limit = 200): Promise<number> {
  const now = deps.clock();
  const due = await deps.db
    .select({ id: productHookEvents.id })
    .from(productHookEvents)
    .where(
      and(
        eq(productHookEvents.statusCode, 'PENDING'),
        lte(productHookEvents.nextAttemptAt, now),
        or(isNull(productHookEvents.lockedUntil), lte(productHookEvents.lockedUntil, now)),
      ),
    )
    .orderBy(productHookEvents.nextAttemptAt)
    .limit(limit);
  let made = 0;
  for (const { id } of due) if (await attemptHookEvent(deps, id)) made++;
  return made;
}

export function defineProductHookJobs(jobs: Jobs, deps: ProductHookDeps) {
  jobs.define<{ eventId: string }>({
    name: PRODUCT_HOOK_DELIVER_JOB,
    // Failures are kept on the event row and retried by the sweeper, not by the queue.
    queue: { deleteAfterSeconds: 3600, retryLimit: 0 },
    handler: async ({ eventId }) => {
      await attemptHookEvent(deps, eventId);
    },
  });
  jobs.define<object>({
    name: PRODUCT_HOOK_SWEEP_JOB,
    schedule: '* * * * *',
    queue: { deleteAfterSeconds: 3600, retryLimit: 0 },
    handler: async () => {
      await sweepHookEvents(deps);
    },
  });
}

/** For tests and operators: the events of a product in an organization, newest first. */
export async function hookEventsOf(db: Executor, orgId: string, productId: string) {
  return db
    .select()
    .from(productHookEvents)
    .where(and(eq(productHookEvents.orgId, orgId), eq(productHookEvents.productId, productId)))
    .orderBy(sql`${productHookEvents.occurredAt} desc`);
}
