import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, requiredRef, stampedAt } from './columns.ts';
import type { AlarmFilter } from '@console/contracts/alarms';
import { organizations } from './organizations.ts';
import { receiverGroups } from './notifications.ts';
import { projects } from './projects.ts';

/** Stands for "the organization" where a scope key needs a project id. */
const NO_PROJECT = sql.raw(`'00000000-0000-0000-0000-000000000000'::uuid`);

/**
 * Alarm groups (spec §3 "Alarm group"): named sets of targets (members, built-in roles, role
 * groups) in an organization (project_id null) or a project. One group per scope may be the
 * default; a group an alarm sends to, or the default one, cannot be deleted.
 */
export const alarmGroups = pgTable(
  'alarm_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [
    uniqueIndex('alarm_groups_name').on(table.orgId, sql`coalesce(${table.projectId}, ${NO_PROJECT})`, sql`lower(${table.name})`),
    uniqueIndex('alarm_groups_default').on(table.orgId, sql`coalesce(${table.projectId}, ${NO_PROJECT})`).where(sql`${table.isDefault}`),
  ],
);

/** A target of an alarm group: MEMBER (members.id / iam_members.id), ROLE (built-in role id), ROLE_GROUP (role_groups.id). */
export const alarmGroupTargets = pgTable(
  'alarm_group_targets',
  {
    alarmGroupId: cascadeRef('alarm_group_id', () => alarmGroups.id),
    orgId: uuid('org_id').notNull(),
    targetType: text('target_type', { enum: ['MEMBER', 'ROLE', 'ROLE_GROUP'] }).notNull(),
    targetId: text('target_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.alarmGroupId, table.targetType, table.targetId] }),
    index('alarm_group_targets_target').on(table.orgId, table.targetType, table.targetId),
  ],
);

/**
 * A metric alarm (spec §3 "Alarm"): a rule over one metric of a project's service. `state` and
 * `evaluated_through` (the last minute evaluated) are the engine's: a worker evaluates minute M of
 * a rule only while evaluated_through < M, with the row locked (FOR UPDATE SKIP LOCKED), and moves
 * evaluated_through to M in the transaction that records the state change and its notification —
 * so no minute is evaluated twice and a kill mid-way leaves the minute to be evaluated again.
 */
export const alarms = pgTable(
  'alarms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: cascadeRef('project_id', () => projects.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    service: text('service').notNull(),
    resourceType: text('resource_type').notNull().default(''),
    resourceId: text('resource_id').notNull().default(''),
    metricName: text('metric_name').notNull(),
    aggregation: text('aggregation', { enum: ['avg', 'sum', 'min', 'max', 'count'] }).notNull(),
    filters: jsonb('filters').$type<AlarmFilter[]>().notNull().default([]),
    conditionOperator: text('condition_operator', { enum: ['GT', 'GTE', 'LT', 'LTE', 'EQ'] }).notNull(),
    threshold: doublePrecision('threshold').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    methods: text('methods').array().notNull(),
    category: text('category', { enum: ['CRITICAL', 'WARNING', 'INFO'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The language its notifications are written in: the one of whoever saved it last. */
    locale: text('locale', { enum: ['ko_KR', 'en_US', 'ja_JP', 'zh_CN'] }).notNull().default('ko_KR'),
    state: text('state', { enum: ['OK', 'FIRING'] }).notNull().default('OK'),
    stateSince: timestamp('state_since', { withTimezone: true }),
    evaluatedThrough: stampedAt('evaluated_through'),
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [
    index('alarms_project').on(table.orgId, table.projectId, table.createdAt),
    // The engine's scan: enabled rules behind the minute being evaluated, in series order (rules of
    // one project, service, metric and resource come together, so a batch aggregates each series once).
    index('alarms_due')
      .on(table.evaluatedThrough, table.projectId, table.service, table.metricName, table.resourceId, table.id)
      .where(sql`${table.enabled}`),
  ],
);

/**
 * The receiver groups an alarm sends to (migration 0019; was an id array on alarms). Deleting a
 * receiver group removes it from its alarms (ON DELETE CASCADE, docs/decisions.md).
 */
export const alarmReceiverGroups = pgTable(
  'alarm_receiver_groups',
  {
    alarmId: cascadeRef('alarm_id', () => alarms.id),
    receiverGroupId: cascadeRef('receiver_group_id', () => receiverGroups.id),
  },
  (table) => [primaryKey({ columns: [table.alarmId, table.receiverGroupId] }), index('alarm_receiver_groups_group').on(table.receiverGroupId)],
);

/** The alarm groups an alarm sends to (a foreign key, so a used group cannot go unnoticed). */
export const alarmAlarmGroups = pgTable(
  'alarm_alarm_groups',
  {
    alarmId: cascadeRef('alarm_id', () => alarms.id),
    alarmGroupId: requiredRef('alarm_group_id', () => alarmGroups.id, 'restrict'),
  },
  (table) => [primaryKey({ columns: [table.alarmId, table.alarmGroupId] }), index('alarm_alarm_groups_group').on(table.alarmGroupId)],
);

/** An occurrence (spec §4): raised when the rule fired, closed when it resolved; kept 7 days after it closed. */
export const alarmOccurrences = pgTable(
  'alarm_occurrences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    projectId: uuid('project_id').notNull(),
    alarmId: cascadeRef('alarm_id', () => alarms.id),
    raisedAt: stampedAt('raised_at'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    raisedValue: doublePrecision('raised_value').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    conditionOperator: text('condition_operator', { enum: ['GT', 'GTE', 'LT', 'LTE', 'EQ'] }).notNull(),
    notified: boolean('notified').notNull(),
  },
  (table) => [
    index('alarm_occurrences_project').on(table.orgId, table.projectId, table.raisedAt),
    // At most one open occurrence per alarm.
    uniqueIndex('alarm_occurrences_open').on(table.alarmId).where(sql`${table.closedAt} is null`),
  ],
);

/** A silence: notifications of an alarm, or to a receiver group, are muted between starts_at and ends_at. */
export const alarmSilences = pgTable(
  'alarm_silences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').notNull(),
    /** The project whose alarms it mutes; null: an organization receiver group muted for every project (organization silences). */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    alarmId: uuid('alarm_id').references(() => alarms.id, { onDelete: 'cascade' }),
    receiverGroupId: uuid('receiver_group_id').references(() => receiverGroups.id, { onDelete: 'cascade' }),
    startsAt: stampedAt('starts_at'),
    endsAt: stampedAt('ends_at'),
    reason: text('reason').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('alarm_silences_project').on(table.orgId, table.projectId, table.endsAt)],
);
