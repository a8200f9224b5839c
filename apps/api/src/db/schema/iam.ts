import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, stampedAtDefaultNow } from './columns.ts';
import { MEMBER_STATUSES } from './members.ts';
import { organizations } from './organizations.ts';

/** IAM accounts: sign in at their organization's domain with an ID; owned by one organization. */
export const iamMembers = pgTable(
  'iam_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    userCode: text('user_code').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobileNumber: text('mobile_number'),
    passwordHash: text('password_hash'),
    country: text('country').notNull().default('KR'),
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('STABLE'),
    creationType: text('creation_type').notNull().default('CONSOLE'),
    createdAt: stampedAtDefaultNow('created_at'),
    updatedAt: stampedAtDefaultNow('updated_at'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('iam_members_org_user_code_key').on(table.orgId, table.userCode),
    index('iam_members_org_idx').on(table.orgId),
    // Spec §8 DUPLICATE_MEMBER_EMAIL: an email belongs to one account of the organization (left accounts aside).
    uniqueIndex('iam_members_org_email_key').on(table.orgId, sql`lower(${table.email})`).where(sql`${table.status} <> 'LEAVED'`),
  ],
);
