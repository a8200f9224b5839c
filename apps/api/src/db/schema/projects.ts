import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { iamMembers } from './iam.ts';
import { members } from './members.ts';
import { organizations } from './organizations.ts';

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    statusCode: text('status_code', { enum: ['BLOCKED', 'CLOSED', 'DISABLED', 'STABLE', 'TERMINATED'] })
      .notNull()
      .default('STABLE'),
    ownerMemberId: uuid('owner_member_id')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('projects_org_idx').on(table.orgId, table.createdAt)],
);

/**
 * Project membership of a cloud member or an IAM account (exactly one of the two ids is set),
 * with its project role codes.
 */
export const projectMembers = pgTable(
  'project_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    iamMemberId: uuid('iam_member_id').references(() => iamMembers.id, { onDelete: 'cascade' }),
    roleCodes: text('role_codes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('project_members_member_key').on(table.projectId, table.memberId),
    uniqueIndex('project_members_iam_key').on(table.projectId, table.iamMemberId),
    index('project_members_org_idx').on(table.orgId),
    check('project_members_one_member', sql`num_nonnulls(${table.memberId}, ${table.iamMemberId}) = 1`),
  ],
);

/**
 * Services in use in a project: the row the services issue writes when it enables a product in a
 * project and removes when it disables it. Today it is what keeps a project from being deleted
 * (PROJECT_HAS_PRODUCTS_IN_USE); nothing in the API writes it yet.
 */
export const projectProducts = pgTable(
  'project_products',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.productId] }), index('project_products_org_idx').on(table.orgId)],
);

