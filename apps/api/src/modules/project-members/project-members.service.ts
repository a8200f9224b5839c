import { validationMessage, type PermissionName, type ProjectMember, type ProjectMemberRoleGroup } from '@console/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { Authorizer } from '../../platform/authz.ts';
import { grantOf, projectGrantOf, type RequestContext } from '../../platform/context.ts';
import { AppError, invalidFields } from '../../platform/errors.ts';
import { isoTimeOf } from '../../platform/iso-time.ts';
import { disclosed, disclosureHere, searchReachOf, type Disclosure } from '../../platform/personal-data.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { roleGroupsRepository } from '../role-groups/role-groups.repository.ts';
import { projectMembersRepository as repo, type MembershipView } from './project-members.repository.ts';

/** A project member as the caller may see them: privacy protection masks others' email, name and IAM ID (platform/personal-data.ts). */
function toProjectMember(row: MembershipView, ownerMemberId: string, roleGroups: readonly ProjectMemberRoleGroup[], disclosure: Disclosure): ProjectMember {
  const { membership } = row;
  const isIam = membership.iamMemberId !== null;
  const id = (membership.memberId ?? membership.iamMemberId)!;
  return disclosed(disclosure, { kind: isIam ? 'IAM' : 'TOAST_CLOUD', id }, {
    projectMemberUuid: id,
    memberType: isIam ? 'IAM' : 'TOAST_CLOUD',
    userCode: isIam ? row.iamUserCode : null,
    email: (isIam ? row.iamEmail : row.memberEmail) ?? '',
    name: (isIam ? row.iamName : row.memberName) ?? '',
    projectMemberRoleCodeList: [...membership.roleCodes],
    projectMemberStatusCode: 'STABLE',
    isProjectOwner: !isIam && id === ownerMemberId,
    memberStatusCode: (isIam ? row.iamStatus : row.memberStatus) ?? 'STABLE',
    regDateTime: isoTimeOf(membership.createdAt),
    projectMemberRoleGroups: [...roleGroups],
  });
}

/**
 * Changing an IAM account's project membership needs the Project.Member.Iam permission too
 * (spec §6 lists Member and Member.Iam as project targets); the route checked Project.Member.
 * Decided by the request's bound view; refused with the route check's detailed -6.
 */
const requireIamPermission = (authorizer: Authorizer, ctx: RequestContext, permission: PermissionName) =>
  authorizer.requirePermissions(grantOf(ctx), [permission]);

/** The project of the grant, locked for the rest of the transaction (deleted since the check: PROJECT_NOT_EXIST). */
async function lockedProject(tx: Executor, ctx: RequestContext) {
  const grant = projectGrantOf(ctx);
  const project = await repo.lockProject(tx, grant.orgId, grant.projectId);
  if (!project) throw new AppError('PROJECT_NOT_EXIST');
  return project;
}

async function answer(tx: Executor, ctx: RequestContext, orgId: string, projectId: string, memberId: string, ownerMemberId: string) {
  const row = (await repo.findMembership(tx, orgId, projectId, memberId))!;
  return toProjectMember(row, ownerMemberId, row.roleGroups, disclosureHere(ctx));
}

/**
 * Gives a membership exactly these role groups: each must be the project's own or one of the
 * organization's common groups (else INVALID_PARAMETER on the field).
 */
async function setRoleGroups(tx: Executor, ctx: RequestContext, projectId: string, projectMemberId: string, groupIds: readonly string[]) {
  const { orgId } = grantOf(ctx);
  const usable = await roleGroupsRepository.usableInProject(tx, orgId, projectId, groupIds);
  const unknown = groupIds.findIndex((id) => !usable.some((group) => group.id === id));
  if (unknown !== -1) {
    throw invalidFields({ field: `body.projectMemberRoleGroupIdList.${unknown}`, message: validationMessage('validation.roleGroup.unknown', ctx.lang) });
  }
  await roleGroupsRepository.setGroupsOfMembership(tx, { orgId, projectId, projectMemberId }, groupIds, ctx.now());
}

/** Spec §5: the sole ADMIN cannot be changed or removed — a change may not take the last ADMIN away (PROJECT_WITHOUT_ADMIN). */
function assertAdminRemains(before: ReadonlySet<string>, after: ReadonlySet<string>) {
  if (before.size > 0 && after.size === 0) throw new AppError('PROJECT_WITHOUT_ADMIN');
}

export function createProjectMembersService(deps: { db: Database; authorizer: Authorizer }) {
  const { db, authorizer } = deps;

  return {
    async list(
      ctx: RequestContext,
      filters: { emailLike: string | undefined; nameLike: string | undefined; memberType: 'TOAST_CLOUD' | 'IAM' | undefined },
      page: number,
      limit: number,
    ) {
      const grant = projectGrantOf(ctx);
      const disclosure = disclosureHere(ctx);
      // Each row carries its role groups: the page is one statement.
      const { rows, totalCount } = await repo.list(db, grant.orgId, grant.projectId, filters, searchReachOf(ctx, disclosure), page, limit);
      return {
        projectMembers: rows.map((row) => toProjectMember(row, row.projectOwnerId, row.roleGroups, disclosure)),
        paging: { page, limit, totalCount },
      };
    },

    /**
     * One member of the project with roles and role groups: PROJECT_MEMBER_NOT_FOUND when the id is no member of
     * this project; an IAM account also needs Project.Member.Iam.Get (as its other IAM operations).
     */
    async get(ctx: RequestContext, memberId: string) {
      const grant = projectGrantOf(ctx);
      const project = await repo.findProject(db, grant.orgId, grant.projectId);
      if (!project) throw new AppError('PROJECT_NOT_EXIST');
      const row = await repo.findMembership(db, grant.orgId, project.id, memberId);
      if (!row) throw new AppError('PROJECT_MEMBER_NOT_FOUND');
      if (row.membership.iamMemberId) await requireIamPermission(authorizer, ctx, 'Project.Member.Iam.Get');
      return { projectMember: toProjectMember(row, project.ownerMemberId, row.roleGroups, disclosureHere(ctx)) };
    },

    async candidates(
      ctx: RequestContext,
      filters: { keyword: string | undefined; memberType: 'TOAST_CLOUD' | 'IAM' | undefined },
      page: number,
      limit: number,
    ) {
      const grant = projectGrantOf(ctx);
      const disclosure = disclosureHere(ctx);
      const { rows, totalCount } = await repo.candidates(db, grant.orgId, grant.projectId, filters, searchReachOf(ctx, disclosure), page, limit);
      return { candidates: rows.map((row) => disclosed(disclosure, { kind: row.memberType, id: row.memberUuid }, row)), paging: { page, limit, totalCount } };
    },

    /**
     * Adds a member of the organization with project roles: one of its cloud members (else ORG_MEMBER_NOT_FOUND)
     * or one of its IAM accounts that has not left (else IAM_MEMBER_NOT_IN_ORG, "must first be an organization member").
     */
    async add(ctx: RequestContext, memberId: string, roleCodes: readonly string[], roleGroupIds: readonly string[] = []) {
      const { orgId } = grantOf(ctx);
      return db
        .transaction(async (tx) => {
          const project = await lockedProject(tx, ctx);
          const account = await repo.resolveOrgAccount(tx, orgId, memberId);
          if (!account) throw new AppError('ORG_MEMBER_NOT_FOUND');
          if (account.kind === 'iam') {
            if (account.status === 'LEAVED') throw new AppError('IAM_MEMBER_NOT_IN_ORG');
            await requireIamPermission(authorizer, ctx, 'Project.Member.Iam.Create');
          }
          if (await repo.findMembership(tx, orgId, project.id, memberId)) {
            throw invalidFields({ field: 'body.projectMemberUuid', message: validationMessage('validation.member.alreadyAdded', ctx.lang) });
          }
          await repo.insert(tx, {
            orgId,
            projectId: project.id,
            ...(account.kind === 'member' ? { memberId } : { iamMemberId: memberId }),
            roleCodes: [...roleCodes],
            createdAt: ctx.now(),
          });
          if (roleGroupIds.length > 0) {
            const added = (await repo.findMembership(tx, orgId, project.id, memberId))!;
            await setRoleGroups(tx, ctx, project.id, added.membership.id, roleGroupIds);
          }
          return { projectMember: await answer(tx, ctx, orgId, project.id, memberId, project.ownerMemberId) };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) {
            throw invalidFields({ field: 'body.projectMemberUuid', message: validationMessage('validation.member.alreadyAdded', ctx.lang) });
          }
          throw error;
        });
    },

    /** Replaces one member's roles (and role groups, when given); the sole ADMIN keeps ADMIN (PROJECT_WITHOUT_ADMIN). */
    async update(ctx: RequestContext, memberId: string, roleCodes: readonly string[], roleGroupIds?: readonly string[]) {
      const { orgId } = grantOf(ctx);
      return db.transaction(async (tx) => {
        const project = await lockedProject(tx, ctx);
        const current = await repo.findMembership(tx, orgId, project.id, memberId);
        if (!current) throw new AppError('PROJECT_MEMBER_NOT_FOUND');
        if (current.membership.iamMemberId) await requireIamPermission(authorizer, ctx, 'Project.Member.Iam.Update');
        const admins = await repo.adminMemberIds(tx, orgId, project.id);
        const after = new Set(admins);
        if (roleCodes.includes('ADMIN')) after.add(memberId);
        else after.delete(memberId);
        assertAdminRemains(admins, after);
        await repo.setRoles(tx, orgId, project.id, memberId, roleCodes);
        if (roleGroupIds) await setRoleGroups(tx, ctx, project.id, current.membership.id, roleGroupIds);
        return { projectMember: await answer(tx, ctx, orgId, project.id, memberId, project.ownerMemberId) };
      });
    },

    /**
     * Several members' roles at once, all or nothing: PROJECT_MEMBERS_WITHOUT_ROLES when a member would be left without a
     * role or role group, PROJECT_MEMBER_NOT_FOUND when one is not a member of the project, PROJECT_WITHOUT_ADMIN when no ADMIN would remain.
     */
    async updateMany(ctx: RequestContext, changes: readonly { projectMemberUuid: string; projectMemberRoleCodeList: readonly string[] }[]) {
      const { orgId } = grantOf(ctx);
      return db.transaction(async (tx) => {
        const project = await lockedProject(tx, ctx);
        const found = [];
        for (const change of changes) {
          const current = await repo.findMembership(tx, orgId, project.id, change.projectMemberUuid);
          if (!current) throw new AppError('PROJECT_MEMBER_NOT_FOUND');
          found.push({ change, current });
        }
        const groups = await roleGroupsRepository.groupsOfMemberships(
          tx,
          orgId,
          found.map(({ current }) => current.membership.id),
        );
        if (found.some(({ change, current }) => change.projectMemberRoleCodeList.length === 0 && !groups.get(current.membership.id)?.length)) {
          throw new AppError('PROJECT_MEMBERS_WITHOUT_ROLES');
        }
        for (const { current } of found) {
          if (current.membership.iamMemberId) await requireIamPermission(authorizer, ctx, 'Project.Member.Iam.Update');
        }
        const admins = await repo.adminMemberIds(tx, orgId, project.id);
        const after = new Set(admins);
        for (const change of changes) {
          if (change.projectMemberRoleCodeList.includes('ADMIN')) after.add(change.projectMemberUuid);
          else after.delete(change.projectMemberUuid);
        }
        assertAdminRemains(admins, after);
        for (const change of changes) await repo.setRoles(tx, orgId, project.id, change.projectMemberUuid, change.projectMemberRoleCodeList);
        const projectMembers: ProjectMember[] = [];
        for (const change of changes) projectMembers.push(await answer(tx, ctx, orgId, project.id, change.projectMemberUuid, project.ownerMemberId));
        return { projectMembers };
      });
    },

    /** Takes a member out of the project: not its owner (PROJECT_OWNER_NOT_REMOVABLE), not the sole ADMIN (PROJECT_WITHOUT_ADMIN). */
    async remove(ctx: RequestContext, memberId: string) {
      const { orgId } = grantOf(ctx);
      await db.transaction(async (tx) => {
        const project = await lockedProject(tx, ctx);
        const current = await repo.findMembership(tx, orgId, project.id, memberId);
        if (!current) throw new AppError('PROJECT_MEMBER_NOT_FOUND');
        if (current.membership.iamMemberId) await requireIamPermission(authorizer, ctx, 'Project.Member.Iam.Delete');
        if (current.membership.memberId === project.ownerMemberId) throw new AppError('PROJECT_OWNER_NOT_REMOVABLE');
        const admins = await repo.adminMemberIds(tx, orgId, project.id);
        const after = new Set(admins);
        after.delete(memberId);
        assertAdminRemains(admins, after);
        await repo.delete(tx, orgId, project.id, memberId);
      });
      return { projectMemberUuid: memberId };
    },
  };
}

export type ProjectMembersService = ReturnType<typeof createProjectMembersService>;
