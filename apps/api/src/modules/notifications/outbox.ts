import type { Locale, NotificationEventType } from '@console/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notificationOutbox } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';

/** The job that dispatches one outbox event (dispatch.ts). */
export const NOTIFICATION_DISPATCH_JOB = 'notifications.dispatch';

export type NotificationParams = Record<string, string | number | boolean | null>;

/** One event for the outbox. Recipients are ids; they are resolved when the event is sent. */
export interface NotificationEvent {
  readonly orgId: string;
  /** The project the event is about (project receiver groups and project system-notification settings). */
  readonly projectId?: string | null;
  readonly eventType: NotificationEventType;
  /**
   * Optional idempotency key of the producer: a second event with the same key in the organization
   * is not written (enqueueNotification answers null). E.g. `alarm:<id>:firing:<minute>`.
   */
  readonly dedupeKey?: string | null;
  /** The event's parameters (contracts NOTIFICATION_EVENTS[eventType].parameters), flat. */
  readonly params?: NotificationParams;
  /** Receiver groups (their members, role groups' holders and webhooks) — of the organization or project. */
  readonly receiverGroupIds?: readonly string[];
  /** Cloud members mailed directly (members.id). */
  readonly memberIds?: readonly string[];
  /** Role groups whose holders at send time are mailed. */
  readonly roleGroupIds?: readonly string[];
  /** The language of the mails (the caller's); ko_KR when absent. */
  readonly locale?: Locale;
}

/** The outbox row of an event (the change's transaction writes it with its dispatch job). */
function outboxRowOf(event: NotificationEvent, createdAt: Date): typeof notificationOutbox.$inferInsert {
  return {
    orgId: event.orgId,
    projectId: event.projectId ?? null,
    eventType: event.eventType,
    dedupeKey: event.dedupeKey ?? null,
    params: event.params ?? {},
    receiverGroupIds: [...(event.receiverGroupIds ?? [])],
    memberIds: [...(event.memberIds ?? [])],
    roleGroupIds: [...(event.roleGroupIds ?? [])],
    locale: event.locale ?? 'ko_KR',
    createdAt,
  };
}

/**
 * Writes one event to `notification_outbox` and enqueues its dispatch job, both through `tx`:
 * call it inside the transaction of the change the event is about. Nothing is sent for a change
 * that rolls back; nothing is lost for one that commits (the job is kept across crashes and
 * retried). A system notification (PRODUCT_ENABLED…) also goes to the receiver groups set for it
 * in the organization / project (system-notifications receivers). Answers the event id, or null
 * when `dedupeKey` was already used in the organization.
 */
export async function enqueueNotification(tx: Executor, jobs: Jobs, clock: Clock, event: NotificationEvent): Promise<string | null> {
  const [row] = await tx
    .insert(notificationOutbox)
    .values(outboxRowOf(event, clock()))
    .onConflictDoNothing({ target: [notificationOutbox.orgId, notificationOutbox.dedupeKey], where: sql`${notificationOutbox.dedupeKey} is not null` })
    .returning({ id: notificationOutbox.id });
  if (!row) return null;
  await jobs.enqueue(tx, NOTIFICATION_DISPATCH_JOB, { eventId: row.id });
  return row.id;
}

/**
 * enqueueNotification for many events at once, in two statements whatever their number: one
 * insert of every row (events whose dedupeKey the organization already used are skipped) and one
 * insert of their dispatch jobs. Answers the ids written, in no particular order.
 */
export async function enqueueNotifications(tx: Executor, jobs: Jobs, clock: Clock, events: readonly NotificationEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const createdAt = clock();
  const rows = await tx
    .insert(notificationOutbox)
    .values(events.map((event) => outboxRowOf(event, createdAt)))
    .onConflictDoNothing({ target: [notificationOutbox.orgId, notificationOutbox.dedupeKey], where: sql`${notificationOutbox.dedupeKey} is not null` })
    .returning({ id: notificationOutbox.id });
  await jobs.enqueueMany(
    tx,
    NOTIFICATION_DISPATCH_JOB,
    rows.map((row) => ({ eventId: row.id })),
  );
  return rows.map((row) => row.id);
}
