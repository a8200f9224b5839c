import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, stampedAt } from './columns.ts';
import { organizations } from './organizations.ts';
import { projects } from './projects.ts';

export const STORED_IMPORT_STATES = ['WAIT', 'COMPLETE', 'FAIL'] as const;

/**
 * One batch registration (spec §7 "Import v6"): its id is the asyncJobId the caller polls. The
 * rows accepted at submission are kept here (`rows`) and committed by the `imports.commit` job in
 * one transaction that also sets `state` COMPLETE and the report — so a re-run of the job finds
 * COMPLETE and does nothing (idempotent by asyncJobId).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    /** ORG_MEMBER or PROJECT_MEMBER (template types of contracts imports.ts). */
    type: text('type').notNull(),
    /** The project of a PROJECT_MEMBER import. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    state: text('state', { enum: STORED_IMPORT_STATES }).notNull().default('WAIT'),
    /** Who asked: a cloud member's id or an IAM account's id, with its name and email for the mails. */
    requestedBy: jsonb('requested_by').notNull(),
    /** The caller's locale: mails and the report are in it. */
    locale: text('locale').notNull(),
    fileName: text('file_name'),
    /** Every row of the request with its validation result (BatchRowResult plus the normalized values). */
    rows: jsonb('rows').notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    /** The final report (spec §3 Batch registration result), once COMPLETE or FAIL. */
    result: jsonb('result'),
    createdAt: stampedAt('created_at'),
    /**
     * When the commit began: written from outside its transaction as it starts, so it stays when a
     * crash rolls the transaction back (WAIT, begun, and unlocked: interrupted).
     */
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('import_jobs_org_idx').on(table.orgId, table.createdAt),
    // ASYNC_JOB_IN_PROGRESS: one import in progress per organization and type.
    uniqueIndex('import_jobs_one_waiting_key').on(table.orgId, table.type).where(sql`${table.state} = 'WAIT'`),
  ],
);
