import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, stampedAt } from './columns.ts';
import { iamMembers } from './iam.ts';
import { members } from './members.ts';
import { organizations } from './organizations.ts';

/**
 * The organization's technical support team (organization management, default settings): the
 * cloud members or IAM accounts of the organization who handle its technical-support inquiries.
 * Exactly one of the two ids is set; leaving the organization removes the row.
 */
export const orgSupportTeamMembers = pgTable(
  'org_support_team_members',
  {
    orgId: cascadeRef('org_id', () => organizations.id),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    iamMemberId: uuid('iam_member_id').references(() => iamMembers.id, { onDelete: 'cascade' }),
    /** Order in which the team was given. */
    position: integer('position').notNull(),
    createdAt: stampedAt('created_at'),
  },
  (table) => [
    uniqueIndex('org_support_team_member_key').on(table.orgId, table.memberId),
    uniqueIndex('org_support_team_iam_key').on(table.orgId, table.iamMemberId),
    check('org_support_team_one_member', sql`num_nonnulls(${table.memberId}, ${table.iamMemberId}) = 1`),
  ],
);
