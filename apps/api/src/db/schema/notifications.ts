import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, stampedAt } from './columns.ts';
import { orgInvitations } from './member-access.ts';
import { members } from './members.ts';
import { organizations } from './organizations.ts';
import { projects } from './projects.ts';
import { roleGroups } from './role-groups.ts';

/**
 * The notification outbox: one row per event the console raises (a service enabled, a SecretKey
 * regenerated, an alarm firing…), written in the transaction of the change, with a
 * `notifications.deliver` job enqueued in the same transaction (outbox.ts). The job resolves the
 * recipients at send time (receiver groups, members, role groups' current holders) and hands
 * mails to the mail job and webhook deliveries to the webhook job.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** A key of the event catalogue (contracts notifications.ts), e.g. `PRODUCT_ENABLED`, `ALARM_FIRING`. */
    eventType: text('event_type').notNull(),
    /** Optional: a second event with the same key in the organization is not written (idempotent producers). */
    dedupeKey: text('dedupe_key'),
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull().default(sql`'{}'::jsonb`),
    receiverGroupIds: uuid('receiver_group_ids').array().notNull().default(sql`'{}'::uuid[]`),
    memberIds: uuid('member_ids').array().notNull().default(sql`'{}'::uuid[]`),
    roleGroupIds: uuid('role_group_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** The language mails about the event are written in (the caller's, or ko_KR). */
    locale: text('locale').notNull().default('ko_KR'),
    statusCode: text('status_code', { enum: ['PENDING', 'DISPATCHED'] }).notNull().default('PENDING'),
    /** What the dispatch found: mails and webhook deliveries made. */
    mailCount: integer('mail_count').notNull().default(0),
    webhookCount: integer('webhook_count').notNull().default(0),
    createdAt: stampedAt('created_at'),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notification_outbox_dedupe_key').on(table.orgId, table.dedupeKey).where(sql`${table.dedupeKey} is not null`),
    index('notification_outbox_pending_idx').on(table.createdAt).where(sql`${table.statusCode} = 'PENDING'`),
    index('notification_outbox_org_idx').on(table.orgId, table.createdAt),
  ],
);

/**
 * Notification receiver groups (spec §3): of an organization (project_id null) or of a project.
 * Names are unique within their scope, case-insensitively (ALARM_GROUP_NAME_EXISTS).
 */
export const receiverGroups = pgTable(
  'notification_receiver_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [
    uniqueIndex('receiver_groups_org_name_key').on(table.orgId, sql`lower(${table.name})`).where(sql`${table.projectId} is null`),
    uniqueIndex('receiver_groups_project_name_key').on(table.projectId, sql`lower(${table.name})`).where(sql`${table.projectId} is not null`),
    index('receiver_groups_org_idx').on(table.orgId, table.createdAt),
  ],
);

/** Members who receive a group's notifications by email. */
export const receiverGroupMembers = pgTable(
  'notification_receiver_group_members',
  {
    groupId: cascadeRef('group_id', () => receiverGroups.id),
    memberId: cascadeRef('member_id', () => members.id),
    orgId: cascadeRef('org_id', () => organizations.id),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.memberId] }), index('receiver_group_members_member_idx').on(table.memberId)],
);

/**
 * People an organization receiver group names by their pending organization invitation (spec §4,
 * "invited vs added"): listed as invited, they receive nothing. Accepting the invitation turns the
 * row into a `notification_receiver_group_members` row in the same transaction; an invitation that
 * expires or is cancelled takes its rows with it (members/invitations.service.ts).
 */
export const receiverGroupInvitations = pgTable(
  'notification_receiver_group_invitations',
  {
    groupId: cascadeRef('group_id', () => receiverGroups.id),
    invitationId: cascadeRef('invitation_id', () => orgInvitations.id),
    orgId: cascadeRef('org_id', () => organizations.id),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.invitationId] }), index('receiver_group_invitations_invitation_idx').on(table.invitationId)],
);

/** Role groups whose holders (at send time) receive a group's notifications. ROLE_GROUP_USED_BY_ALARM_GROUP consults it. */
export const receiverGroupRoleGroups = pgTable(
  'notification_receiver_group_role_groups',
  {
    groupId: cascadeRef('group_id', () => receiverGroups.id),
    roleGroupId: cascadeRef('role_group_id', () => roleGroups.id),
    orgId: cascadeRef('org_id', () => organizations.id),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.roleGroupId] }), index('receiver_group_role_groups_rg_idx').on(table.roleGroupId)],
);

export type WebhookHeader = { name: string; value: string };

/** A receiver group's webhooks (spec §3 Webhook): at most 5 per type per group (§9). */
export const webhooks = pgTable(
  'notification_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: cascadeRef('group_id', () => receiverGroups.id),
    orgId: cascadeRef('org_id', () => organizations.id),
    name: text('name').notNull(),
    targetUrl: text('target_url').notNull(),
    /** The signing secret, sealed (platform/secrets.ts). */
    secretSealed: text('secret_sealed').notNull(),
    typeCode: text('type_code', { enum: ['DEFAULT', 'CUSTOM'] }).notNull().default('DEFAULT'),
    method: text('method', { enum: ['POST', 'PUT', 'PATCH'] }).notNull().default('POST'),
    headers: jsonb('headers').$type<WebhookHeader[]>().notNull().default(sql`'[]'::jsonb`),
    bodyTemplate: text('body_template'),
    sender: text('sender').notNull().default(''),
    /** Set when deliveries kept failing (paused automatically) or by an admin; cleared on resume. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pauseReason: text('pause_reason'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastStatusCode: text('last_status_code'),
    lastHttpStatus: integer('last_http_status'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: stampedAt('created_at'),
  },
  (table) => [
    uniqueIndex('webhooks_group_name_key').on(table.groupId, sql`lower(${table.name})`),
    uniqueIndex('webhooks_group_target_key').on(table.groupId, table.targetUrl),
    check('webhooks_custom_body', sql`${table.typeCode} = 'DEFAULT' or ${table.bodyTemplate} is not null`),
  ],
);

export const DELIVERY_STATUSES = ['PENDING', 'SENDING', 'RETRYING', 'SUCCEEDED', 'FAILED'] as const;

/**
 * One event for one webhook: its id is the `webhook-id` every attempt carries (the receiver's
 * idempotency key). A redelivery is a new delivery of the same event (redelivery_of set).
 */
export const webhookDeliveries = pgTable(
  'notification_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: cascadeRef('webhook_id', () => webhooks.id),
    orgId: cascadeRef('org_id', () => organizations.id),
    eventId: uuid('event_id').references(() => notificationOutbox.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    redeliveryOf: uuid('redelivery_of'),
    /** The JSON event as sent (the custom body is rendered from it at each attempt). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    statusCode: text('status_code', { enum: DELIVERY_STATUSES }).notNull().default('PENDING'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** While an attempt runs: a worker killed mid-attempt leaves it for the sweeper after this. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * The process holding the lease (lease-holder.ts: the key of an advisory lock its own connection
     * holds while it lives): a lease whose holder is gone is taken back at once, not after locked_until.
     */
    leaseHolder: integer('lease_holder'),
    createdAt: stampedAt('created_at'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_event_key').on(table.eventId, table.webhookId).where(sql`${table.redeliveryOf} is null and ${table.eventId} is not null`),
    index('webhook_deliveries_webhook_idx').on(table.webhookId, table.createdAt),
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.statusCode} in ('PENDING', 'SENDING', 'RETRYING')`),
  ],
);

/** Every attempt of a delivery: the delivery log. */
export const webhookAttempts = pgTable(
  'notification_webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: cascadeRef('delivery_id', () => webhookDeliveries.id),
    webhookId: cascadeRef('webhook_id', () => webhooks.id),
    orgId: cascadeRef('org_id', () => organizations.id),
    attemptNo: integer('attempt_no').notNull(),
    attemptedAt: stampedAt('attempted_at'),
    /** SUCCESS, HTTP_ERROR, TIMEOUT, NETWORK_ERROR, REFUSED (outbound address refused). */
    outcomeCode: text('outcome_code').notNull(),
    httpStatus: integer('http_status'),
    latencyMs: integer('latency_ms').notNull(),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    errorMessage: text('error_message'),
  },
  (table) => [index('webhook_attempts_webhook_idx').on(table.webhookId, table.attemptedAt), index('webhook_attempts_delivery_idx').on(table.deliveryId)],
);

/**
 * Which receiver groups get a system notification (spec §7 system-notifications receivers), per
 * organization (project_id null) or project.
 */
export const systemNotificationReceivers = pgTable(
  'system_notification_receivers',
  {
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** An event type of the catalogue (the notification's alarmId). */
    eventType: text('event_type').notNull(),
    groupId: cascadeRef('group_id', () => receiverGroups.id),
  },
  (table) => [
    uniqueIndex('system_notification_receivers_key').on(table.orgId, sql`coalesce(${table.projectId}, '00000000-0000-0000-0000-000000000000'::uuid)`, table.eventType, table.groupId),
    index('system_notification_receivers_group_idx').on(table.groupId),
  ],
);
