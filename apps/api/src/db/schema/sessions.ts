import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stampedAt } from './columns.ts';
import { members } from './members.ts';
import { iamMembers } from './iam.ts';
import { organizations } from './organizations.ts';

/**
 * Server-side sessions. The browser holds a random token; only its SHA-256 is stored, so a copy
 * of this table does not let anyone sign in.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    csrfToken: text('csrf_token').notNull(),
    memberType: text('member_type', { enum: ['TOAST_CLOUD', 'IAM'] }).notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    iamMemberId: uuid('iam_member_id').references(() => iamMembers.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    domain: text('domain'),
    clientIp: text('client_ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    idleTimeoutMinutes: integer('idle_timeout_minutes').notNull(),
    createdAt: stampedAt('created_at'),
    lastSeenAt: stampedAt('last_seen_at'),
    expiresAt: stampedAt('expires_at'),
    /**
     * Set when the account's sessions are ended from outside (suspended, deleted, new password):
     * the next call with it answers SESSION_EXPIRED and the session is gone, even if the account is re-allowed.
     */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('sessions_member_idx').on(table.memberId),
    index('sessions_iam_member_idx').on(table.iamMemberId),
    index('sessions_expires_idx').on(table.expiresAt),
    check('sessions_one_member', sql`num_nonnulls(${table.memberId}, ${table.iamMemberId}) = 1`),
  ],
);
