import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { iamMembers, organizations } from './organizations.ts';

/**
 * The organization's activity feed: who did what to which target, when. Names are snapshots taken
 * when it happened, so the feed still reads after a project or account is renamed or deleted; the
 * project id is therefore not a foreign key. The feed goes with its organization.
 */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id'),
    actorType: text('actor_type', { enum: ['TOAST_CLOUD', 'IAM'] }).notNull(),
    /** members.id or iam_members.id of the actor at the time. */
    actorId: uuid('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actionCode: text('action_code').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetName: text('target_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
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

/**
 * The organization's technical support team (organization management, default settings): the
 * cloud members or IAM accounts of the organization who handle its technical-support inquiries.
 * Exactly one of the two ids is set; leaving the organization removes the row.
 */
export const orgSupportTeamMembers = pgTable(
  'org_support_team_members',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    iamMemberId: uuid('iam_member_id').references(() => iamMembers.id, { onDelete: 'cascade' }),
    /** Order in which the team was given. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('org_support_team_member_key').on(table.orgId, table.memberId),
    uniqueIndex('org_support_team_iam_key').on(table.orgId, table.iamMemberId),
    check('org_support_team_one_member', sql`num_nonnulls(${table.memberId}, ${table.iamMemberId}) = 1`),
  ],
);
