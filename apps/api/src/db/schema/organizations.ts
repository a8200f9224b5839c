import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, requiredRef, stampedAt, stampedAtDefaultNow } from './columns.ts';
import { DEFAULT_PROJECT_LIMIT, ORG_ROLE_NAMES, type OrgRoleName } from '@console/contracts';
import { members } from './members.ts';

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ownerMemberId: requiredRef('owner_member_id', () => members.id),
    nextTaskCode: text('next_task_code', { enum: ['IAM_ORG_CREATE', 'IAM_ORG_DELETE', 'IAM_ORG_UPDATE', 'NONE'] })
      .notNull()
      .default('NONE'),
    ipAclTypeCode: text('ip_acl_type_code', { enum: ['COMMON', 'INDIVIDUAL'] }).notNull().default('COMMON'),
    /** Most projects the organization may have (spec §9: 5 unless customer support raises it). */
    projectLimit: integer('project_limit').notNull().default(DEFAULT_PROJECT_LIMIT),
    /** IANA time zone in which role conditions on time and day of week are evaluated. */
    timeZone: text('time_zone').notNull().default('Asia/Seoul'),
    createdAt: stampedAtDefaultNow('created_at'),
    updatedAt: stampedAtDefaultNow('updated_at'),
  },
  (table) => [
    index('organizations_owner_idx').on(table.ownerMemberId),
    check('organizations_project_limit_range', sql`${table.projectLimit} >= 0`),
  ],
);

/** Organization domains: where the organization's IAM accounts sign in. Unique across the platform. */
export const orgDomains = pgTable(
  'org_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    domainName: text('domain_name').notNull(),
    createdAt: stampedAtDefaultNow('created_at'),
  },
  (table) => [
    uniqueIndex('org_domains_name_key').on(sql`lower(${table.domainName})`),
    index('org_domains_org_idx').on(table.orgId),
  ],
);

/** A cloud member's built-in roles in an organization (spec §6), one row per role. */
export const orgMembers = pgTable(
  'org_members',
  {
    orgId: cascadeRef('org_id', () => organizations.id),
    memberId: cascadeRef('member_id', () => members.id),
    roleCode: text('role_code', { enum: ORG_ROLE_NAMES as [OrgRoleName, ...OrgRoleName[]] }).notNull(),
    createdAt: stampedAtDefaultNow('created_at'),
  },
  (table) => [
    primaryKey({ columns: [table.orgId, table.memberId, table.roleCode] }),
    index('org_members_member_idx').on(table.memberId),
    // An organization has exactly one OWNER; a transfer swaps it inside one transaction.
    uniqueIndex('org_members_one_owner_key').on(table.orgId).where(sql`${table.roleCode} = 'OWNER'`),
  ],
);

/**
 * One row per member of an organization carrying the organization member page's sort keys (issue
 * 8): the join time (the earliest of the member's `org_members` rows, as the page shows it) and
 * copies of the member's email and name. Written only by triggers (migration 0030: of `org_members`
 * and of `members`' email and name), never by the app; read by `membersRepository.listOrgMembers`,
 * whose page of 50 walks one of these indexes and reads 50 rows, not every member of the
 * organization grouped and sorted.
 */
export const orgMemberKeys = pgTable(
  'org_member_keys',
  {
    orgId: cascadeRef('org_id', () => organizations.id),
    memberId: cascadeRef('member_id', () => members.id),
    joinedAt: stampedAt('joined_at'),
    email: text('email').notNull(),
    name: text('name').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orgId, table.memberId] }),
    index('org_member_keys_member_idx').on(table.memberId),
    // One index per sort of spec §7 (a descending sort walks it backwards).
    index('org_member_keys_joined_idx').on(table.orgId, table.joinedAt, table.email, table.memberId),
    index('org_member_keys_name_idx').on(table.orgId, sql`lower(${table.name})`, table.memberId),
    index('org_member_keys_email_idx').on(table.orgId, sql`lower(${table.email})`, table.memberId),
  ],
);

/** The platform's regions (spec §3 OrgRegion). */
export const regions = pgTable('regions', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  iconName: text('icon_name').notNull(),
  priority: integer('priority').notNull().default(0),
});

/** Regions an organization uses. */
export const orgRegions = pgTable(
  'org_regions',
  {
    orgId: cascadeRef('org_id', () => organizations.id),
    regionCode: text('region_code')
      .notNull()
      .references(() => regions.code),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.regionCode] })],
);

// IP access rules moved to org_ip_acls (db/schema/governance.ts, migration 0011).

/**
 * How many members (rows of `org_member_keys`) and projects each organization has, kept by
 * statement-level triggers in the transaction that changes them (migration 0032): an unfiltered
 * page of an organization's members or projects reads its total here instead of counting 5,000
 * or 1,000 rows on every fresh request (issue 8, docs/benchmarks.md "twelfth pass"). An
 * organization without a row has none yet.
 */
export const orgCounts = pgTable('org_counts', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  members: integer('members').notNull().default(0),
  projects: integer('projects').notNull().default(0),
});
