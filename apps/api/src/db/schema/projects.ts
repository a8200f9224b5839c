import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, requiredRef, stampedAtDefaultNow } from './columns.ts';
import { iamMembers } from './iam.ts';
import { members } from './members.ts';
import { organizations } from './organizations.ts';

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    statusCode: text('status_code', { enum: ['BLOCKED', 'CLOSED', 'DISABLED', 'STABLE', 'TERMINATED'] })
      .notNull()
      .default('STABLE'),
    ownerMemberId: requiredRef('owner_member_id', () => members.id),
    createdAt: stampedAtDefaultNow('created_at'),
    updatedAt: stampedAtDefaultNow('updated_at'),
  },
  (table) => [
    index('projects_org_idx').on(table.orgId, table.createdAt),
    // A name's other projects in the organization (the duplicate-name warning, the unique-name
    // governance: projects.repository hasNamed, updateNamed): looked up, not read all (issue 8, tenth pass).
    index('projects_org_name_idx').on(table.orgId, sql`lower(btrim(${table.name}))`),
  ],
);

/**
 * Project membership of a cloud member or an IAM account (exactly one of the two ids is set),
 * with its project role codes.
 */
export const projectMembers = pgTable(
  'project_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: cascadeRef('project_id', () => projects.id),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    iamMemberId: uuid('iam_member_id').references(() => iamMembers.id, { onDelete: 'cascade' }),
    roleCodes: text('role_codes').array().notNull(),
    createdAt: stampedAtDefaultNow('created_at'),
  },
  (table) => [
    uniqueIndex('project_members_member_key').on(table.projectId, table.memberId),
    uniqueIndex('project_members_iam_key').on(table.projectId, table.iamMemberId),
    index('project_members_org_idx').on(table.orgId),
    // A member's memberships wherever they are (my projects' own-project check, a member's removal
    // from an organization, an account's deletion cascading here): found by the member, not by
    // reading the organization's or every project's memberships (issue 8, twelfth pass).
    index('project_members_member_idx').on(table.memberId),
    index('project_members_iam_member_idx').on(table.iamMemberId),
    check('project_members_one_member', sql`num_nonnulls(${table.memberId}, ${table.iamMemberId}) = 1`),
  ],
);

/**
 * Services in use in a project (spec §3 ProductInUse): written when a product is enabled in the
 * project and removed when it is disabled; keeps the project from being deleted while present
 * (PROJECT_HAS_PRODUCTS_IN_USE). Carries the service's Appkey and its SecretKey, encrypted with
 * platform/secrets.ts (spec §3; architecture "secrets encrypted at rest").
 */
export const projectProducts = pgTable(
  'project_products',
  {
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: cascadeRef('project_id', () => projects.id),
    productId: text('product_id').notNull(),
    appKey: text('app_key')
      .notNull()
      .default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 20)`),
    secretKeyEnc: text('secret_key_enc'),
    statusCode: text('status_code', { enum: ['STABLE', 'STOP', 'BLOCKED'] }).notNull().default('STABLE'),
    enabledByMemberId: uuid('enabled_by_member_id').references(() => members.id, { onDelete: 'set null' }),
    enabledAt: stampedAtDefaultNow('enabled_at'),
    secretKeyIssuedAt: stampedAtDefaultNow('secret_key_issued_at'),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.productId] }),
    index('project_products_org_idx').on(table.orgId, table.projectId),
    uniqueIndex('project_products_app_key').on(table.appKey),
  ],
);
