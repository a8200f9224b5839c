import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, stampedAt } from './columns.ts';
import type { PasswordPolicyValue } from '@console/contracts';
import { iamMembers } from './iam.ts';
import { organizations } from './organizations.ts';

/**
 * Sign-in security of an organization's IAM accounts (spec §3 "Governance settings", §5). One row
 * per organization once any setting is saved; without a row the spec's defaults apply.
 */
export const iamSecuritySettings = pgTable(
  'iam_security_settings',
  {
    orgId: uuid('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    loginFailEnabled: boolean('login_fail_enabled').notNull().default(true),
    loginFailCount: integer('login_fail_count').notNull().default(5),
    loginFailBlockMinutes: integer('login_fail_block_minutes').notNull().default(2),
    mfaType: text('mfa_type', { enum: ['NONE', 'TOTP', 'EMAIL'] }).notNull().default('NONE'),
    mfaBypassEnabled: boolean('mfa_bypass_enabled').notNull().default(false),
    mfaBypassIps: text('mfa_bypass_ips').array().notNull().default(sql`'{}'::text[]`),
    multiSessionsLimit: integer('multi_sessions_limit').notNull().default(100),
    sessionTimeoutMinutes: integer('session_timeout_minutes').notNull().default(10),
    /** Null: the default policy. */
    passwordPolicy: jsonb('password_policy').$type<PasswordPolicyValue>(),
    /** When the policy was last saved: with onChangePassword, expiry counts from here at the earliest. */
    passwordPolicyAt: timestamp('password_policy_at', { withTimezone: true }),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [
    check('iam_security_login_fail_range', sql`${table.loginFailCount} between 1 and 20 and ${table.loginFailBlockMinutes} between 1 and 60`),
    check('iam_security_session_range', sql`${table.multiSessionsLimit} >= 1 and ${table.sessionTimeoutMinutes} between 10 and 35791394`),
  ],
);

/**
 * Failed sign-ins of an IAM account (wrong password or wrong second-step code), counted in one
 * upsert so parallel attempts lock exactly at the limit; `lockedUntil` set while locked.
 */
export const iamLoginFailures = pgTable('iam_login_failures', {
  iamMemberId: uuid('iam_member_id')
    .primaryKey()
    .references(() => iamMembers.id, { onDelete: 'cascade' }),
  failureCount: integer('failure_count').notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailedAt: stampedAt('last_failed_at'),
});

/** An IAM account's second factor and password age. */
export const iamMemberCredentials = pgTable('iam_member_credentials', {
  iamMemberId: uuid('iam_member_id')
    .primaryKey()
    .references(() => iamMembers.id, { onDelete: 'cascade' }),
  /** The TOTP seed sealed with the secrets box (platform/secrets.ts); null until enrolled. */
  totpSecret: text('totp_secret'),
  totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code is good once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
  /** A new authenticator the account is setting up from /login-security (sealed), until confirmed with its code. */
  pendingTotpSecret: text('pending_totp_secret'),
  pendingTotpExpiresAt: timestamp('pending_totp_expires_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
});

/** Earlier password hashes of an IAM account (argon2id), newest last, for the reuse limit. */
export const iamPasswordHistory = pgTable(
  'iam_password_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    iamMemberId: cascadeRef('iam_member_id', () => iamMembers.id),
    passwordHash: text('password_hash').notNull(),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('iam_password_history_member_idx').on(table.iamMemberId, table.createdAt)],
);

/**
 * An IAM sign-in whose password was right and that still needs a second step (TOTP, TOTP enrolment,
 * an emailed code) or a new password. The browser holds a random token; only its SHA-256 is kept.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    iamMemberId: cascadeRef('iam_member_id', () => iamMembers.id),
    orgId: cascadeRef('org_id', () => organizations.id),
    domain: text('domain').notNull(),
    /** What is still to do: TOTP, TOTP_ENROL or EMAIL, then PASSWORD_CHANGE when the password must change. */
    step: text('step', { enum: ['TOTP', 'TOTP_ENROL', 'EMAIL', 'PASSWORD_CHANGE'] }).notNull(),
    passwordChangeReason: text('password_change_reason', { enum: ['EXPIRED', 'POLICY'] }),
    /** TOTP_ENROL: the seed offered (sealed), kept only when a code for it is confirmed. */
    pendingTotpSecret: text('pending_totp_secret'),
    /** EMAIL: the mailed code's SHA-256 and when it stops working. */
    emailCodeHash: text('email_code_hash'),
    emailCodeExpiresAt: timestamp('email_code_expires_at', { withTimezone: true }),
    returnUrl: text('return_url'),
    createdAt: stampedAt('created_at'),
    expiresAt: stampedAt('expires_at'),
  },
  (table) => [index('sign_in_challenges_member_idx').on(table.iamMemberId), index('sign_in_challenges_expires_idx').on(table.expiresAt)],
);
