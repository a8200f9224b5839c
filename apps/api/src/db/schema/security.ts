import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, stampedAt } from './columns.ts';
import { iamMembers } from './iam.ts';
import { members } from './members.ts';
import { organizations } from './organizations.ts';
import { projects } from './projects.ts';

/**
 * User access keys (spec §3, /security-setting): one account's API credential. The key id is
 * public; the secret access key is shown once and only its SHA-256 is kept (it is 256 random bits,
 * so a fast hash is enough, as for session tokens). At most 5 per cloud member and per IAM account.
 */
export const userAccessKeys = pgTable(
  'user_access_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The public key id (20 characters, letters and digits). */
    keyId: text('key_id').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    memberType: text('member_type', { enum: ['TOAST_CLOUD', 'IAM'] }).notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    iamMemberId: uuid('iam_member_id').references(() => iamMembers.id, { onDelete: 'cascade' }),
    /** STABLE (active) or STOP (deactivated). */
    status: text('status', { enum: ['STABLE', 'STOP'] }).notNull(),
    /** Default lifetime of a token issued with this key (60..86,400 s). */
    tokenExpirySeconds: integer('token_expiry_seconds').notNull(),
    createdAt: stampedAt('created_at'),
    reissuedAt: timestamp('reissued_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** The creator's console language: renewal reminders are written in it. */
    locale: text('locale').notNull().default('ko_KR'),
  },
  (table) => [
    index('user_access_keys_member_idx').on(table.memberId),
    index('user_access_keys_iam_member_idx').on(table.iamMemberId),
    check('user_access_keys_one_member', sql`num_nonnulls(${table.memberId}, ${table.iamMemberId}) = 1`),
  ],
);

/**
 * Tokens issued with a user access key: a bearer credential with the key holder's permissions.
 * Only the token's SHA-256 is kept. Deactivating the key expires every token (revokedAt).
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accessKeyId: cascadeRef('access_key_id', () => userAccessKeys.id),
    tokenHash: text('token_hash').notNull().unique(),
    issuedAt: stampedAt('issued_at'),
    expiresAt: stampedAt('expires_at'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    issuedFromIp: text('issued_from_ip').notNull(),
  },
  (table) => [index('access_tokens_key_issued_idx').on(table.accessKeyId, table.issuedAt.desc())],
);

/** Credential renewal periods of an organization (spec §7 v7 authentications/renew-periods), in days. */
export const authRenewPeriods = pgTable('auth_renew_periods', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  userAccessKey: integer('user_access_key').notNull(),
  iaasApiPassword: integer('iaas_api_password').notNull(),
  s3Credential: integer('s3_credential').notNull(),
  updatedAt: stampedAt('updated_at'),
});

/**
 * A project's infrastructure credentials (spec §3 Credentials): the IaaS API password and S3
 * credentials of one account in one project. The secret is shown once; the password is kept as a
 * scrypt hash, the S3 secret key sealed with platform/secrets.ts (the storage gateway must sign with it).
 */
export const projectCredentials = pgTable(
  'project_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: cascadeRef('project_id', () => projects.id),
    kind: text('kind', { enum: ['IAAS_API_PASSWORD', 'S3_CREDENTIAL'] }).notNull(),
    memberType: text('member_type', { enum: ['TOAST_CLOUD', 'IAM'] }).notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    iamMemberId: uuid('iam_member_id').references(() => iamMembers.id, { onDelete: 'cascade' }),
    /** S3: the access key; IaaS: the API user name. */
    accessKey: text('access_key').notNull(),
    /** IaaS: scrypt hash of the password; S3: the sealed secret key. */
    secret: text('secret').notNull(),
    createdAt: stampedAt('created_at'),
    renewedAt: stampedAt('renewed_at'),
    /** The holder's console language when issued: renewal reminders are written in it. */
    locale: text('locale').notNull().default('ko_KR'),
  },
  (table) => [
    unique('project_credentials_holder').on(table.projectId, table.kind, table.memberId, table.iamMemberId).nullsNotDistinct(),
    check('project_credentials_one_member', sql`num_nonnulls(${table.memberId}, ${table.iamMemberId}) = 1`),
  ],
);

/** Renewal reminders sent: one per credential and due date, whatever retries or restarts happen. */
export const credentialReminders = pgTable(
  'credential_reminders',
  {
    credentialType: text('credential_type').notNull(),
    credentialId: uuid('credential_id').notNull(),
    dueDate: date('due_date').notNull(),
    sentAt: stampedAt('sent_at'),
  },
  (table) => [unique('credential_reminders_once').on(table.credentialType, table.credentialId, table.dueDate)],
);

/**
 * The security audit log (modules/audit): who did what, when (UTC), from where, to which target,
 * with what result; for settings the before and after, secrets redacted. Kept 90 days. Rows are
 * copied per organization they concern (a cloud member's sign-in, to each of their organizations);
 * org_id is null for events that concern no organization (an unknown account's failed sign-in).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id'),
    category: text('category', { enum: ['SIGN_IN', 'PERMISSION_DENIED', 'CHANGE', 'ACCESS_KEY', 'BREAK_GLASS'] }).notNull(),
    action: text('action').notNull(),
    result: text('result', { enum: ['SUCCESS', 'FAILURE'] }).notNull(),
    resultCode: text('result_code').notNull(),
    actorType: text('actor_type', { enum: ['TOAST_CLOUD', 'IAM', 'ANONYMOUS'] }).notNull(),
    actorId: uuid('actor_id'),
    /** The login id (email or IAM ID) as given or held; for a failed sign-in, as typed. */
    actorLogin: text('actor_login').notNull(),
    /** Set when the call was made with an access token rather than a console session. */
    accessTokenId: uuid('access_token_id'),
    clientIp: text('client_ip').notNull(),
    userAgent: text('user_agent').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    detail: jsonb('detail'),
    createdAt: stampedAt('created_at'),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('audit_events_org_created_idx').on(table.orgId, table.createdAt.desc(), table.seq.desc()),
    index('audit_events_created_idx').on(table.createdAt),
  ],
);
