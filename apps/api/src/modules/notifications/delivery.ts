import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { receiverGroups, webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { WEBHOOK_DELIVER_JOB, WEBHOOK_SWEEP_JOB, groupAdminIds } from './dispatch.ts';
import { holderGone, type LeaseHolder } from './lease-holder.ts';
import { NOTIFICATION_DISPATCH_JOB, enqueueNotification } from './outbox.ts';
import { sendOutbound, type OutboundOptions, type OutboundResult } from './outbound.ts';

/**
 * Webhook delivery (docs/webhooks.md): every attempt signed, retried with exponential backoff and
 * jitter over about 24 hours on timeouts, network errors, 5xx and 429 (never on other 4xx), a
 * receiver that keeps failing paused with the group's admins told.
 */

/** Attempts of one delivery, the first included: the schedule below spans ~24 h. */
export const MAX_ATTEMPTS = 15;
/** A webhook whose last this many attempts all failed is paused. */
export const PAUSE_AFTER_CONSECUTIVE_FAILURES = 50;
/** How long an attempt may hold its delivery: a worker killed mid-attempt frees it after this. */
export const ATTEMPT_LEASE_MS = 60_000;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 4 * 3600_000;

/**
 * The wait before attempt `attempt + 1` after `attempt` failed (1-based): 30 s doubling to a cap of
 * 4 h, each with "equal jitter" (half fixed, half random) so receivers coming back are not hit by
 * every sender at once. The sum over MAX_ATTEMPTS - 1 retries is ~24 h at full jitter.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

/** Whether a failed attempt is tried again: timeouts, network errors, 5xx and 429; not other 4xx nor refusals. */
export function isRetryable(result: OutboundResult): boolean {
  if (result.outcome === 'TIMEOUT' || result.outcome === 'NETWORK_ERROR') return true;
  if (result.outcome !== 'HTTP_ERROR' || result.httpStatus === null) return false;
  return result.httpStatus === 429 || result.httpStatus >= 500 || (result.httpStatus >= 300 && result.httpStatus < 400);
}

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The signature headers (Standard Webhooks): `webhook-signature: v1,<base64 HMAC-SHA256 over
 * "<id>.<timestamp>.<body>" keyed by the secret's UTF-8 bytes>`.
 */
export function signatureHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  const signature = createHmac('sha256', secret).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestampSeconds), 'webhook-signature': `v1,${signature}` };
}

/** `{{name}}` in a custom body replaced by the event's parameter (JSON-escaped inside a JSON string). */
export function renderTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) return '';
    return JSON.stringify(String(value)).slice(1, -1);
  });
}

type WebhookRow = typeof webhooks.$inferSelect;

/** A delivery's lease is free: none, run out, or held by a process that is gone (lease-holder.ts). */
const leaseFree = (now: Date) =>
  or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, now), and(sql`${webhookDeliveries.leaseHolder} is not null`, holderGone(webhookDeliveries.leaseHolder)));
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface DeliveryDeps {
  db: Database;
  jobs: Jobs;
  clock: Clock;
  box: SecretBox;
  outbound: OutboundOptions;
  random?: () => number;
  /** This process's lease holder (lease-holder.ts): its leases are taken back at once when it dies. */
  leases?: LeaseHolder;
  /** Tests: called after a delivery is claimed and before it is sent (a crash there leaves it leased). */
  afterClaim?: (deliveryId: string) => void | Promise<void>;
}

function requestOf(webhook: WebhookRow, delivery: DeliveryRow, secret: string, now: Date) {
  const payload = delivery.payload;
  const values = { ...(payload.params as Record<string, unknown>), eventId: payload.eventId, eventType: payload.eventType, occurredAt: payload.occurredAt, orgId: payload.orgId, projectId: payload.projectId };
  const body = webhook.typeCode === 'CUSTOM' && webhook.bodyTemplate !== null ? renderTemplate(webhook.bodyTemplate, values) : JSON.stringify({ id: delivery.id, ...payload });
  const custom = webhook.typeCode === 'CUSTOM' ? Object.fromEntries(webhook.headers.map((header) => [header.name.toLowerCase(), header.value])) : {};
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'CloudConsole-Webhook/1',
    ...custom,
    ...(webhook.sender ? { 'x-console-sender': webhook.sender } : {}),
    'x-console-event-type': delivery.eventType,
    ...signatureHeaders(secret, delivery.id, Math.floor(now.getTime() / 1000), body),
  };
  return { url: webhook.targetUrl, method: webhook.typeCode === 'CUSTOM' ? webhook.method : 'POST', headers, body };
}

/**
 * One attempt of one delivery, if it is due and free: claimed with a lease (attempt_count + 1),
 * sent, then recorded with the delivery's next state and the webhook's last result, in one
 * transaction. Answers whether an attempt was made.
 */
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string): Promise<boolean> {
  const { db, clock } = deps;
  const holder = deps.leases ? await deps.leases.key() : null;
  const now = clock();
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ statusCode: 'SENDING', attemptCount: sql`${webhookDeliveries.attemptCount} + 1`, lockedUntil: new Date(now.getTime() + ATTEMPT_LEASE_MS), leaseHolder: holder })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        inArray(webhookDeliveries.statusCode, ['PENDING', 'RETRYING', 'SENDING']),
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
        leaseFree(now),
        sql`not exists (select 1 from ${webhooks} where ${webhooks.id} = ${webhookDeliveries.webhookId} and ${webhooks.pausedAt} is not null)`,
      ),
    )
    .returning();
  if (!claimed) return false;
  await deps.afterClaim?.(deliveryId);
  const [webhook] = await db.select().from(webhooks).where(eq(webhooks.id, claimed.webhookId));
  if (!webhook) return false;
  const secret = deps.box.open(webhook.secretSealed) ?? '';
  const result = await sendOutbound(requestOf(webhook, claimed, secret, now), deps.outbound, () => Date.now());
  await recordAttempt(deps, claimed, webhook, result);
  return true;
}

async function recordAttempt(deps: DeliveryDeps, delivery: DeliveryRow, webhook: WebhookRow, result: OutboundResult) {
  const { db, clock } = deps;
  const now = clock();
  const ok = result.outcome === 'SUCCESS';
  const age = now.getTime() - delivery.createdAt.getTime();
  const retry = !ok && isRetryable(result) && delivery.attemptCount < MAX_ATTEMPTS && age < 24 * 3600_000;
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      webhookId: webhook.id,
      orgId: delivery.orgId,
      attemptNo: delivery.attemptCount,
      attemptedAt: now,
      outcomeCode: result.outcome,
      httpStatus: result.httpStatus,
      latencyMs: result.latencyMs,
      responseExcerpt: result.excerpt.slice(0, 1024),
      errorMessage: result.error,
    });
    await tx
      .update(webhookDeliveries)
      .set(
        ok
          ? { statusCode: 'SUCCEEDED', completedAt: now, lockedUntil: null, leaseHolder: null, nextAttemptAt: null }
          : retry
            ? { statusCode: 'RETRYING', lockedUntil: null, leaseHolder: null, nextAttemptAt: new Date(now.getTime() + retryDelayMs(delivery.attemptCount, deps.random)) }
            : { statusCode: 'FAILED', completedAt: now, lockedUntil: null, leaseHolder: null, nextAttemptAt: null },
      )
      .where(eq(webhookDeliveries.id, delivery.id));
    const [updated] = await tx
      .update(webhooks)
      .set({
        lastStatusCode: result.outcome,
        lastHttpStatus: result.httpStatus,
        lastAttemptAt: now,
        consecutiveFailures: ok ? 0 : sql`${webhooks.consecutiveFailures} + 1`,
      })
      .where(eq(webhooks.id, webhook.id))
      .returning({ consecutiveFailures: webhooks.consecutiveFailures, pausedAt: webhooks.pausedAt });
    const exhausted = !ok && !retry && isRetryable(result);
    if (updated && !updated.pausedAt && !ok && (exhausted || updated.consecutiveFailures >= PAUSE_AFTER_CONSECUTIVE_FAILURES)) {
      const reason = exhausted ? 'DELIVERY_FAILED_FOR_24_HOURS' : 'CONSECUTIVE_FAILURES';
      await tx.update(webhooks).set({ pausedAt: now, pauseReason: reason }).where(eq(webhooks.id, webhook.id));
      const admins = await groupAdminIds(tx, webhook.groupId);
      const [group] = await tx.select({ name: receiverGroups.name }).from(receiverGroups).where(eq(receiverGroups.id, webhook.groupId));
      await enqueueNotification(tx, deps.jobs, clock, {
        orgId: admins.orgId,
        projectId: admins.projectId,
        eventType: 'WEBHOOK_PAUSED',
        dedupeKey: `webhook-paused:${webhook.id}:${now.toISOString()}`,
        params: { webhookName: webhook.name, receiverGroupName: group?.name ?? '', reason },
        memberIds: admins.memberIds,
      });
    }
  });
}

/**
 * The sweeper (every minute): attempts every delivery that is due — retries whose time has come,
 * first attempts whose job was lost, attempts a killed worker left leased — a few at a time.
 * Answers how many attempts it made.
 */
export async function sweepDeliveries(deps: DeliveryDeps, options: { limit?: number; concurrency?: number } = {}): Promise<number> {
  const now = deps.clock();
  const due = await deps.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.statusCode, ['PENDING', 'RETRYING', 'SENDING']),
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
        leaseFree(now),
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(options.limit ?? 500);
  let made = 0;
  const queue = due.map((row) => row.id);
  const concurrency = options.concurrency ?? 8;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (await attemptDelivery(deps, id)) made++;
      }
    }),
  );
  return made;
}

/**
 * What a crash left (run when a worker starts, before it takes jobs): deliveries leased by a process
 * that is gone get a job now (the claim takes them back at once), and outbox events still PENDING with
 * no dispatch job waiting get one (the killed process's job stays `active` until pg-boss expires it).
 * Also run by the sweeper for events pending for over 5 minutes (a job that failed for good).
 * Answers how many jobs it enqueued.
 */
export async function recoverInterrupted(deps: Pick<DeliveryDeps, 'db' | 'jobs' | 'clock'>, options: { eventsOlderThanMs?: number } = {}): Promise<number> {
  const { db, jobs } = deps;
  const orphans = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.statusCode, 'SENDING'), sql`${webhookDeliveries.leaseHolder} is not null`, holderGone(webhookDeliveries.leaseHolder)));
  const before = new Date(deps.clock().getTime() - (options.eventsOlderThanMs ?? 0));
  const waiting = await db.execute<{ id: string }>(sql`
    select o.id from notification_outbox o
    where o.status_code = 'PENDING' and o.created_at <= ${before}
      and not exists (select 1 from pgboss.job j where j.name = ${NOTIFICATION_DISPATCH_JOB} and j.state in ('created', 'retry') and j.data->>'eventId' = o.id::text)
    order by o.created_at limit 10000`);
  await db.transaction(async (tx) => {
    await jobs.enqueueMany(tx, WEBHOOK_DELIVER_JOB, orphans.map((row) => ({ deliveryId: row.id })));
    await jobs.enqueueMany(tx, NOTIFICATION_DISPATCH_JOB, waiting.rows.map((row) => ({ eventId: row.id })));
  });
  return orphans.length + waiting.rows.length;
}

export function defineDeliveryJobs(jobs: Jobs, deps: Omit<DeliveryDeps, 'jobs'>) {
  const full = { ...deps, jobs };
  jobs.define<{ deliveryId: string }>({
    name: WEBHOOK_DELIVER_JOB,
    // An attempt takes at most 10 s: a job a killed worker left `active` is retried (a no-op) after a minute.
    queue: { deleteAfterSeconds: 3600, retryLimit: 2, expireInSeconds: 60 },
    // Ten attempts at once, back to back while a backlog lasts (one slow receiver holds up a batch, not the queue's rate).
    batch: { size: 10, concurrency: 10 },
    handler: async ({ deliveryId }) => {
      await attemptDelivery(full, deliveryId);
    },
    recover: async () => {
      await recoverInterrupted(full);
    },
  });
  jobs.define<object>({
    name: WEBHOOK_SWEEP_JOB,
    schedule: '* * * * *',
    queue: { deleteAfterSeconds: 3600, retryLimit: 0 },
    // Also takes back, once their lease ran out, the attempts a killed worker left.
    handler: async () => {
      await recoverInterrupted(full, { eventsOlderThanMs: 5 * 60_000 });
      await sweepDeliveries(full);
    },
  });
}
