import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { RoleCondition } from '@console/contracts';
import type { Executor } from '../db/client.ts';
import { orgMembers, organizations, projectMemberRoleGroups, projectMembers, projects, roleGroupRoles, roleGroups } from '../db/schema/index.ts';

/** Who a project membership belongs to: a cloud member or an IAM account. */
export type MemberRef = { kind: 'member'; memberId: string } | { kind: 'iam'; iamMemberId: string };

export const memberColumn = (who: MemberRef) =>
  who.kind === 'member'
    ? { column: projectMembers.memberId, id: who.memberId }
    : { column: projectMembers.iamMemberId, id: who.iamMemberId };

/** A role of a role group the member holds, as stored (groupless memberships have none). */
export interface HeldGroupRoleRow {
  readonly roleGroupId: string;
  readonly roleGroupName: string;
  readonly typeCode: 'PROJECT' | 'COMMON';
  /** Null for a group without roles. */
  readonly roleId: string | null;
  readonly denialSetting: 'ALLOW' | 'DENY' | null;
  readonly conditions: RoleCondition[] | null;
}

/** Role groups visible in a project: its own (PROJECT) and the organization's COMMON ones. */
const visibleInProject = (orgId: string, projectId: string) =>
  and(eq(roleGroups.orgId, orgId), or(eq(roleGroups.projectId, projectId), eq(roleGroups.typeCode, 'COMMON')));

/** The queries behind the permission check. */
export const authzRepository = {
  async orgRoleCodes(db: Executor, orgId: string, memberId: string) {
    const rows = await db
      .select({ roleCode: orgMembers.roleCode })
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.memberId, memberId)))
      .orderBy(asc(orgMembers.roleCode));
    return rows.map((row) => row.roleCode as string);
  },

  async orgExists(db: Executor, orgId: string) {
    const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId)).limit(1);
    return Boolean(row);
  },

  /**
   * A project by its id alone, to learn its organization (and that organization's time zone, for
   * role conditions): the one lookup not filtered by org_id, because the id is all the caller
   * names. Everything after it is scoped by the org_id found.
   */
  async projectRef(db: Executor, projectId: string) {
    const [row] = await db
      .select({ id: projects.id, orgId: projects.orgId, ownerMemberId: projects.ownerMemberId, timeZone: organizations.timeZone })
      .from(projects)
      .innerJoin(organizations, eq(organizations.id, projects.orgId))
      .where(eq(projects.id, projectId))
      .limit(1);
    return row;
  },

  /** The member's stored project roles, or undefined when they are not a member of the project. */
  async projectRoleCodes(db: Executor, orgId: string, projectId: string, who: MemberRef) {
    return (await authzRepository.projectMembership(db, orgId, projectId, who))?.roleCodes;
  },

  /**
   * The member's project membership in ONE query: the stored roles and, joined, the role groups
   * assigned to that membership (visible in the project) with their roles, deny settings and
   * conditions. Undefined when they are not a member of the project.
   */
  async projectMembership(db: Executor, orgId: string, projectId: string, who: MemberRef) {
    return (await authzRepository.projectMemberships(db, [orgId], [projectId], who)).get(projectId);
  },

  /**
   * The member's memberships of several projects (of these organizations) in ONE query, each as
   * `projectMembership` answers it: for lists that decide per project (canDelete). Projects the
   * member does not belong to are absent.
   */
  async projectMemberships(db: Executor, orgIds: readonly string[], projectIds: readonly string[], who: MemberRef) {
    const memberships = new Map<string, { roleCodes: string[]; groupRoles: HeldGroupRoleRow[] }>();
    if (orgIds.length === 0 || projectIds.length === 0) return memberships;
    const { column, id } = memberColumn(who);
    const rows = await db
      .select({
        projectId: projectMembers.projectId,
        roleCodes: projectMembers.roleCodes,
        roleGroupId: roleGroups.id,
        roleGroupName: roleGroups.name,
        typeCode: roleGroups.typeCode,
        roleId: roleGroupRoles.roleId,
        denialSetting: roleGroupRoles.denialSetting,
        conditions: roleGroupRoles.conditions,
      })
      .from(projectMembers)
      .leftJoin(
        projectMemberRoleGroups,
        and(
          eq(projectMemberRoleGroups.projectMemberId, projectMembers.id),
          eq(projectMemberRoleGroups.orgId, projectMembers.orgId),
          eq(projectMemberRoleGroups.projectId, projectMembers.projectId),
        ),
      )
      // Visible in the membership's project: its own groups and its organization's COMMON ones.
      .leftJoin(
        roleGroups,
        and(
          eq(roleGroups.id, projectMemberRoleGroups.roleGroupId),
          eq(roleGroups.orgId, projectMembers.orgId),
          or(eq(roleGroups.projectId, projectMembers.projectId), eq(roleGroups.typeCode, 'COMMON')),
        ),
      )
      .leftJoin(roleGroupRoles, and(eq(roleGroupRoles.roleGroupId, roleGroups.id), eq(roleGroupRoles.orgId, projectMembers.orgId)))
      .where(and(inArray(projectMembers.orgId, [...orgIds]), inArray(projectMembers.projectId, [...projectIds]), eq(column, id)))
      .orderBy(asc(projectMembers.projectId), asc(roleGroups.name), asc(roleGroups.id), asc(roleGroupRoles.orderIdx), asc(roleGroupRoles.roleId));
    for (const row of rows) {
      let membership = memberships.get(row.projectId);
      if (!membership) {
        membership = { roleCodes: row.roleCodes, groupRoles: [] };
        memberships.set(row.projectId, membership);
      }
      if (row.roleGroupId === null || row.roleGroupName === null || row.typeCode === null) continue;
      membership.groupRoles.push({
        roleGroupId: row.roleGroupId,
        roleGroupName: row.roleGroupName,
        typeCode: row.typeCode,
        roleId: row.roleId,
        denialSetting: row.denialSetting,
        conditions: row.conditions,
      });
    }
    return memberships;
  },

  /** The ALLOW roles of every role group visible in the project (for PERMISSION_DENIED "related roles"). */
  async allowRolesVisibleInProject(db: Executor, orgId: string, projectId: string) {
    return db
      .select({ roleGroupName: roleGroups.name, roleId: roleGroupRoles.roleId })
      .from(roleGroups)
      .innerJoin(roleGroupRoles, and(eq(roleGroupRoles.roleGroupId, roleGroups.id), eq(roleGroupRoles.orgId, orgId)))
      .where(and(visibleInProject(orgId, projectId), eq(roleGroupRoles.denialSetting, 'ALLOW')))
      .orderBy(asc(roleGroups.name));
  },
};
