import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { orgMembers, organizations, projectMembers, projects } from '../db/schema/index.ts';

/** Who a project membership belongs to: a cloud member or an IAM account. */
export type MemberRef = { kind: 'member'; memberId: string } | { kind: 'iam'; iamMemberId: string };

export const memberColumn = (who: MemberRef) =>
  who.kind === 'member'
    ? { column: projectMembers.memberId, id: who.memberId }
    : { column: projectMembers.iamMemberId, id: who.iamMemberId };

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
   * A project by its id alone, to learn its organization: the one lookup not filtered by org_id,
   * because the id is all the caller names. Everything after it is scoped by the org_id found.
   */
  async projectRef(db: Executor, projectId: string) {
    const [row] = await db
      .select({ id: projects.id, orgId: projects.orgId, ownerMemberId: projects.ownerMemberId })
      .from(projects)
      .where(eq(projects.id, projectId))
      .limit(1);
    return row;
  },

  /** The member's stored project roles, or undefined when they are not a member of the project. */
  async projectRoleCodes(db: Executor, orgId: string, projectId: string, who: MemberRef) {
    const { column, id } = memberColumn(who);
    const [row] = await db
      .select({ roleCodes: projectMembers.roleCodes })
      .from(projectMembers)
      .where(and(eq(projectMembers.orgId, orgId), eq(projectMembers.projectId, projectId), eq(column, id)))
      .limit(1);
    return row?.roleCodes;
  },
};
