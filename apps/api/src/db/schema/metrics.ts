import { bigint, date, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { stampedAt, stampedAtDefaultNow } from './columns.ts';

/**
 * Usage and metric ingestion (modules/metrics). The four big tables — raw metric samples, the
 * per-minute metric rollup, raw usage records and the hourly usage rollup — are partitioned by
 * month, which drizzle-kit cannot declare: they are created by the hand-written SQL at the end of
 * migration 0009 (`ingestion`) and queried with SQL in modules/metrics/metrics.repository.ts.
 * The tables here are ordinary ones. Every key and index leads with org_id, project_id, so the
 * schema runs unchanged on Citus with org_id as the distribution column (docs/architecture.md).
 * No foreign keys: ingestion writes thousands of rows a second, and rows of a deleted project
 * age out with retention.
 */

/**
 * Buckets whose rollup must be (re)computed: a metric minute (kind `metric`, name = metric name) or
 * a usage hour (kind `usage`, name ''). Ingestion marks them in the statement that stores the
 * samples; each mark bumps `gen`. The rollup job recomputes a bucket from the raw rows and deletes
 * its mark in one transaction, holding the mark's row lock — so a bucket is never half rolled up,
 * and a batch stored meanwhile leaves its mark for the next round.
 */
export const rollupDirty = pgTable(
  'rollup_dirty',
  {
    orgId: uuid('org_id').notNull(),
    projectId: uuid('project_id').notNull(),
    kind: text('kind', { enum: ['metric', 'usage'] }).notNull(),
    service: text('service').notNull(),
    name: text('name').notNull(),
    bucket: stampedAt('bucket'),
    gen: bigint('gen', { mode: 'number' }).notNull().default(1),
    markedAt: stampedAtDefaultNow('marked_at'),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.projectId, table.kind, table.service, table.name, table.bucket] })],
);

/**
 * Idempotency keys of usage records already counted, per organization, project and service: the
 * record is stored only when its key is inserted here, in the same statement (ON CONFLICT DO
 * NOTHING), so a repeated key counts once even when two batches race. Kept 35 days (records may be
 * at most 7 days old), then deleted by the retention job.
 */
export const usageIdempotencyKeys = pgTable(
  'usage_idempotency_keys',
  {
    orgId: uuid('org_id').notNull(),
    projectId: uuid('project_id').notNull(),
    service: text('service').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    receivedAt: stampedAtDefaultNow('received_at'),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.projectId, table.service, table.idempotencyKey] })],
);

/** Usage per UTC day, per service, resource type and unit: the sum of the hourly rollup. Kept without end. */
export const usageDaily = pgTable(
  'usage_daily',
  {
    orgId: uuid('org_id').notNull(),
    projectId: uuid('project_id').notNull(),
    service: text('service').notNull(),
    resourceType: text('resource_type').notNull(),
    unit: text('unit').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    quantity: numeric('quantity', { precision: 38, scale: 6 }).notNull(),
    recordCount: bigint('record_count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.projectId, table.service, table.day, table.resourceType, table.unit] })],
);
