import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, stampedAt } from './columns.ts';
import { organizations } from './organizations.ts';

/**
 * The organization's activity feed: who did what to which target, when. Names are snapshots taken
 * when it happened, so the feed still reads after a project or account is renamed or deleted; the
 * project id is therefore not a foreign key. The feed goes with its organization.
 */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: uuid('project_id'),
    actorType: text('actor_type', { enum: ['TOAST_CLOUD', 'IAM'] }).notNull(),
    /** members.id or iam_members.id of the actor at the time. */
    actorId: uuid('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actionCode: text('action_code').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetName: text('target_name'),
    createdAt: stampedAt('created_at'),
    /** Recording order: breaks ties of events recorded at the same instant (a batch). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('activity_events_org_created_idx').on(table.orgId, table.createdAt.desc(), table.seq.desc()),
    index('activity_events_project_created_idx')
      .on(table.projectId, table.createdAt.desc(), table.seq.desc())
      .where(sql`${table.projectId} is not null`),
  ],
);
