import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, stampedAt } from './columns.ts';
import { DENIAL_SETTINGS, type RoleCondition } from '@console/contracts/conditions';
import { members } from './members.ts';
import { organizations } from './organizations.ts';
import { projectMembers, projects } from './projects.ts';

/**
 * Role groups (spec §3 "Role group", §5, §6): a named set of roles, each with a deny setting and
 * conditions. A PROJECT group belongs to one project (project_id set); a COMMON group belongs to
 * the organization (project_id null) and may be assigned in any of its projects. Groups are
 * assigned to project members (project_member_role_groups).
 */
export const roleGroups = pgTable(
  'role_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    typeCode: text('type_code', { enum: ['PROJECT', 'COMMON'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdByMemberId: uuid('created_by_member_id').references(() => members.id, { onDelete: 'set null' }),
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (table) => [
    // DUPLICATE_ROLE_GROUP: names are unique among the organization's common groups and within a project.
    uniqueIndex('role_groups_common_name_key').on(table.orgId, sql`lower(${table.name})`).where(sql`${table.projectId} is null`),
    uniqueIndex('role_groups_project_name_key').on(table.projectId, sql`lower(${table.name})`).where(sql`${table.projectId} is not null`),
    index('role_groups_org_idx').on(table.orgId, table.createdAt),
    // A COMMON group's name clashes with every group of its organization (role-groups.repository
    // nameTaken): looked up here, not by reading all of the organization's groups (issue 8, tenth pass).
    index('role_groups_org_name_idx').on(table.orgId, sql`lower(${table.name})`),
    check('role_groups_type_scope', sql`(${table.typeCode} = 'COMMON') = (${table.projectId} is null)`),
  ],
);

/** The roles of a role group, in their order, with deny setting and conditions. */
export const roleGroupRoles = pgTable(
  'role_group_roles',
  {
    roleGroupId: cascadeRef('role_group_id', () => roleGroups.id),
    orgId: cascadeRef('org_id', () => organizations.id),
    /** A role id of the catalogue, e.g. `PROJECT_ROLE:MEMBER`. */
    roleId: text('role_id').notNull(),
    denialSetting: text('denial_setting', { enum: DENIAL_SETTINGS }).notNull().default('ALLOW'),
    conditions: jsonb('conditions').$type<RoleCondition[]>().notNull().default(sql`'[]'::jsonb`),
    orderIdx: integer('order_idx').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.roleGroupId, table.roleId] }), index('role_group_roles_org_idx').on(table.orgId)],
);

/** Which project members hold which role groups (in the membership's project). */
export const projectMemberRoleGroups = pgTable(
  'project_member_role_groups',
  {
    projectMemberId: cascadeRef('project_member_id', () => projectMembers.id),
    roleGroupId: cascadeRef('role_group_id', () => roleGroups.id),
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: cascadeRef('project_id', () => projects.id),
    createdAt: stampedAt('created_at'),
  },
  (table) => [
    primaryKey({ columns: [table.projectMemberId, table.roleGroupId] }),
    index('project_member_role_groups_group_idx').on(table.roleGroupId),
    index('project_member_role_groups_project_idx').on(table.projectId),
  ],
);
