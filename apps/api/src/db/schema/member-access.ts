import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, stampedAt, stampedAtDefaultNow } from './columns.ts';
import { members } from './members.ts';
import { iamMembers } from './iam.ts';
import { organizations } from './organizations.ts';

/** Stored invitation states; UNKNOWN (spec §4) is only ever an answer, and WAIT past its expiry reads EXPIRE. */
export const STORED_INVITATION_STATUSES = ['WAIT', 'COMPLETE', 'EXPIRE'] as const;

/**
 * Invitations of people, by email, to an organization with roles (spec §4). The link's token is
 * 256 random bits; only its SHA-256 is stored, and a resend replaces it (the old link dies).
 */
export const orgInvitations = pgTable(
  'org_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    email: text('email').notNull(),
    roleCodes: text('role_codes').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: STORED_INVITATION_STATUSES }).notNull().default('WAIT'),
    /** The language of the mail: the inviter's. */
    locale: text('locale').notNull(),
    invitedByMemberId: uuid('invited_by_member_id').references(() => members.id, { onDelete: 'set null' }),
    sentAt: stampedAt('sent_at'),
    expiresAt: stampedAt('expires_at'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedMemberId: uuid('accepted_member_id').references(() => members.id, { onDelete: 'set null' }),
    createdAt: stampedAt('created_at'),
  },
  (table) => [
    uniqueIndex('org_invitations_token_hash_key').on(table.tokenHash),
    index('org_invitations_org_idx').on(table.orgId, table.createdAt),
    // One invitation in progress per email and organization.
    uniqueIndex('org_invitations_one_waiting_key').on(table.orgId, sql`lower(${table.email})`).where(sql`${table.status} = 'WAIT'`),
    index('org_invitations_waiting_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'WAIT'`),
  ],
);

/** Single-use links that let an IAM account set its password; only the token's SHA-256 is stored. */
export const iamPasswordSetupTokens = pgTable(
  'iam_password_setup_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    iamMemberId: cascadeRef('iam_member_id', () => iamMembers.id),
    tokenHash: text('token_hash').notNull(),
    /** Where the browser goes after the password is set (a console path). */
    returnUrl: text('return_url'),
    expiresAt: stampedAt('expires_at'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: stampedAt('created_at'),
  },
  (table) => [
    uniqueIndex('iam_password_setup_tokens_hash_key').on(table.tokenHash),
    index('iam_password_setup_tokens_member_idx').on(table.orgId, table.iamMemberId),
  ],
);

/** An organization's identity providers (SSO); their accounts are IAM accounts of creationType SSO. */
export const orgIdentityProviders = pgTable(
  'org_identity_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    name: text('name').notNull(),
    protocol: text('protocol', { enum: ['SAML', 'OIDC'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: stampedAtDefaultNow('created_at'),
  },
  (table) => [index('org_identity_providers_org_idx').on(table.orgId)],
);
