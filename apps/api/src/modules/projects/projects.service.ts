import { validationMessage, type Project, type ProjectSort } from '@console/contracts';
import type { CreateProjectBodySchema, UpdateProjectBodySchema } from '@console/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { memberRefOf, ORG_ROLES_SEEING_ALL_PROJECTS, orgViewOf, selfRolesOf } from '../../platform/authz-views.ts';
import type { Authorizer } from '../../platform/authz.ts';
import { grantOf, projectGrantOf, orgRolesOfGrant, type Caller, type SignedInContext } from '../../platform/context.ts';
import { AppError, invalidFields, restricted } from '../../platform/errors.ts';
import { isoTimeOf } from '../../platform/iso-time.ts';
import { disclosureOf, type Disclosure } from '../../platform/personal-data.ts';
import { governanceRepository } from '../governance/governance.repository.ts';
import { projectsRepository as repo, type ProjectRow } from './projects.repository.ts';

type ListedProject = { project: ProjectRow; ownerEmail: string; ownerName: string; orgName: string; orgTimeZone: string; inUse: boolean };

/** The project's IaaS tenant id (spec §3): its id in the 32-hex form OpenStack uses for tenants, from the id without its dashes. */
const iaasTenantIdOf = (compactId: string) => compactId.toLowerCase();

function toProject(row: ListedProject, roleCodes: readonly string[], canDelete: boolean, disclose: Disclosure): Project {
  const { project } = row;
  const owner = { kind: 'TOAST_CLOUD', id: project.ownerMemberId } as const;
  // The id without its dashes once for both of its short forms (a page of 50 wrote it 100 times).
  const compact = project.id.replaceAll('-', '');
  return {
    projectOrgId: project.orgId,
    projectId: project.id,
    shortenProjectId: compact.slice(0, 8),
    projectName: project.name,
    projectOwnerId: project.ownerMemberId,
    projectMemberRoleCodes: [...roleCodes],
    projectStatusCode: project.statusCode,
    projectDescription: project.description,
    projectIaasTenantId: iaasTenantIdOf(compact),
    regDateTime: isoTimeOf(project.createdAt),
    modDateTime: isoTimeOf(project.updatedAt),
    ownerEmail: disclose.email(row.ownerEmail, owner),
    ownerName: disclose.name(row.ownerName, owner),
    canDelete,
    orgName: row.orgName,
  };
}

/**
 * The projects a duplicate name is looked for among: those the caller sees (all of the
 * organization's with Organization.Project.List, else their own), as for organization names,
 * so a name the caller cannot see is never revealed by a warning.
 */
const namesVisibleTo = (caller: Caller, seesAll: boolean) =>
  seesAll ? ({ kind: 'all' } as const) : ({ kind: 'own', who: memberRefOf(caller) } as const);

/**
 * Governance UNIQUE_INSTANCE_NAME in use: a project's name must differ from every other project of
 * the organization (case and outer spaces aside) — refused with DUPLICATE_RESOURCE next to the field instead of
 * the duplicate-name warning (docs/decisions.md). The caller holds the organization's row lock.
 */
const uniqueNamesRequired = async (tx: Executor, orgId: string) =>
  (await governanceRepository.setting(tx, orgId, 'UNIQUE_INSTANCE_NAME'))?.settingType === 'USE';

async function assertNameFree(tx: Executor, ctx: SignedInContext, orgId: string, name: string, exceptProjectId?: string) {
  if (await repo.hasNamed(tx, orgId, name, { kind: 'all' }, exceptProjectId)) {
    throw new AppError('DUPLICATE_RESOURCE', { fieldErrors: [{ field: 'body.projectName', message: validationMessage('validation.project.nameInUse', ctx.lang) }] });
  }
}

export function createProjectsService(deps: { db: Database; authorizer: Authorizer }) {
  const { db, authorizer } = deps;

  /**
   * Projects as a caller sees them, with their stored roles and whether they may delete each:
   * Project.Setting.Delete there for this request, as the permission engine decides it (built-in
   * roles, role groups with their conditions and denies; the caller's memberships of every row in
   * one query), and no services in use. The owner's name and email are masked unless the caller
   * may list the project's members there (or is the owner).
   */
  async function describe(ctx: SignedInContext, rows: ListedProject[], orgRolesByOrg: ReadonlyMap<string, readonly string[]>) {
    const caller = ctx.caller;
    const views = await authorizer.projectViews(
      caller,
      ctx,
      rows.map((row) => ({ id: row.project.id, orgId: row.project.orgId, ownerMemberId: row.project.ownerMemberId, timeZone: row.orgTimeZone })),
      orgRolesByOrg,
    );
    return rows.map((row) => {
      const { stored, view } = views.get(row.project.id)!;
      return toProject(row, stored ?? [], view.has('Project.Setting.Delete') && !row.inUse, disclosureOf(caller, [view]));
    });
  }

  /**
   * The project of the request's own project grant: the check already compiled the caller's view
   * there for this request, so no membership is read again.
   */
  async function projectOfGrant(ctx: SignedInContext) {
    const grant = projectGrantOf(ctx);
    const row = await repo.findInOrg(db, grant.orgId, grant.projectId);
    if (!row) throw new AppError('PROJECT_NOT_EXIST'); // deleted since the check
    return toProject(row, grant.storedProjectRoles ?? [], grant.view.has('Project.Setting.Delete') && !row.inUse, disclosureOf(ctx.caller, [grant.view]));
  }

  return {
    /** Projects of one organization: all of them with Organization.Project.List, else the caller's own. */
    async listInOrg(ctx: SignedInContext, sort: ProjectSort, page: number, limit: number) {
      const caller = ctx.caller;
      const grant = grantOf(ctx);
      const visible = grant.view.has('Organization.Project.List')
        ? ({ kind: 'all' } as const)
        : ({ kind: 'own', who: memberRefOf(caller) } as const);
      const { rows, totalCount } = await repo.listInOrg(db, grant.orgId, visible, sort, page, limit);
      return {
        projects: await describe(ctx, rows, new Map([[grant.orgId, orgRolesOfGrant(grantOf(ctx))]])),
        paging: { page, limit, totalCount },
      };
    },

    /** GET projects v6: every project the caller sees, across their organizations. */
    async listMine(ctx: SignedInContext, sort: ProjectSort, page: number, limit: number) {
      const caller = ctx.caller;
      const { rows, totalCount } =
        caller.memberType === 'IAM'
          ? await repo.listVisibleToIam(db, caller.orgId!, caller.uuid, sort, page, limit)
          : await repo.listVisibleToMember(db, caller.uuid, ORG_ROLES_SEEING_ALL_PROJECTS, sort, page, limit);
      const orgRoles =
        caller.memberType === 'IAM'
          ? new Map<string, string[]>()
          : await authorizer.orgRolesByOrg(caller, [...new Set(rows.map((row) => row.project.orgId))], ctx);
      return { projects: await describe(ctx, rows, orgRoles), paging: { page, limit, totalCount } };
    },

    async getProject(ctx: SignedInContext) {
      return projectOfGrant(ctx);
    },

    /**
     * The caller becomes the project's owner and ADMIN. The organization's project limit is
     * checked with its row locked, so two creations cannot both take the last place.
     */
    async create(ctx: SignedInContext, body: z.output<typeof CreateProjectBodySchema>) {
      const caller = ctx.caller;
      // An IAM account cannot own a project (projectOwnerId is a cloud member).
      if (caller.memberType === 'IAM') throw restricted('IAM_ACCOUNT');
      if (caller.profile.restrictTypes.includes('PROJECT_CREATE')) throw restricted('PROJECT_CREATE');
      const { orgId } = grantOf(ctx);
      const row = await db.transaction(async (tx) => {
        const org = await repo.lockOrganization(tx, orgId);
        if (!org) throw new AppError('INVALID_ORG_ID');
        // A limit of 0 means support turned project creation off for the organization.
        if (org.projectLimit === 0) throw new AppError('PROJECT_CREATION_LIMIT');
        if ((await repo.countInOrg(tx, orgId)) >= org.projectLimit) throw new AppError('PROJECT_QUOTA_EXCEEDED');
        if (await uniqueNamesRequired(tx, orgId)) await assertNameFree(tx, ctx, orgId, body.projectName);
        const seesAll = grantOf(ctx).view.has('Organization.Project.List');
        const duplicateNameWarning = await repo.hasNamed(tx, orgId, body.projectName, namesVisibleTo(caller, seesAll));
        const now = ctx.now();
        const project = await repo.insert(tx, {
          orgId,
          name: body.projectName,
          description: body.description,
          ownerMemberId: caller.uuid,
          createdAt: now,
          updatedAt: now,
        });
        await repo.setMemberRoles(tx, orgId, project.id, caller.uuid, ['ADMIN'], now);
        return { project, duplicateNameWarning };
      });
      const listed = await repo.findInOrg(db, orgId, row.project.id);
      const [project] = await describe(ctx, [listed!], new Map([[orgId, orgRolesOfGrant(grantOf(ctx))]]));
      return { project: project!, duplicateNameWarning: row.duplicateNameWarning };
    },

    async update(ctx: SignedInContext, body: z.output<typeof UpdateProjectBodySchema>) {
      const grant = projectGrantOf(ctx);
      const seesAll = orgViewOf(orgRolesOfGrant(grant)).has('Organization.Project.List');
      const duplicateNameWarning = await db.transaction(async (tx) => {
        // Unique names: the organization's row first (as creation takes it), so two renames cannot both pass.
        const unique = await uniqueNamesRequired(tx, grant.orgId);
        if (unique) await repo.lockOrganization(tx, grant.orgId);
        if (unique) await assertNameFree(tx, ctx, grant.orgId, body.projectName, grant.projectId);
        // The update takes the project's row lock itself and answers the duplicate-name warning with
        // it (one statement); none updated: deleted since the check (all rolls back).
        const { updated, duplicate } = await repo.updateNamed(
          tx,
          grant.orgId,
          grant.projectId,
          { name: body.projectName, ...(body.description === undefined ? {} : { description: body.description }), updatedAt: ctx.now() },
          namesVisibleTo(ctx.caller, seesAll),
        );
        if (!updated) throw new AppError('PROJECT_NOT_EXIST');
        return duplicate;
      });
      return { project: await projectOfGrant(ctx), duplicateNameWarning };
    },

    /** Refused with PROJECT_HAS_PRODUCTS_IN_USE while services are in use in the project. */
    async delete(ctx: SignedInContext) {
      const grant = projectGrantOf(ctx);
      const projectId = grant.projectId;
      await db.transaction(async (tx) => {
        if (!(await repo.lockInOrg(tx, grant.orgId, projectId))) throw new AppError('PROJECT_NOT_EXIST');
        if ((await repo.withProductsInUse(tx, [grant.orgId], [projectId])).size > 0) {
          throw new AppError('PROJECT_HAS_PRODUCTS_IN_USE');
        }
        await repo.delete(tx, grant.orgId, projectId);
      });
      return { projectId };
    },

    /** The new owner, a cloud member of the project and its organization, becomes owner and ADMIN. */
    async transferOwnership(ctx: SignedInContext, newOwnerId: string) {
      const caller = ctx.caller;
      if (caller.memberType === 'TOAST_CLOUD' && caller.profile.restrictTypes.includes('PROJECT_TRANSFER')) {
        throw restricted('PROJECT_TRANSFER');
      }
      const grant = projectGrantOf(ctx);
      const projectId = grant.projectId;
      await db.transaction(async (tx) => {
        const project = await repo.lockInOrg(tx, grant.orgId, projectId);
        if (!project) throw new AppError('PROJECT_NOT_EXIST');
        if (project.ownerMemberId === newOwnerId) {
          throw invalidFields({
            field: 'body.projectOwnerId',
            message: validationMessage('validation.owner.alreadyOwner', ctx.lang),
          });
        }
        const target = await repo.findCloudMember(tx, grant.orgId, projectId, newOwnerId);
        if (!target || target.status !== 'STABLE') throw new AppError('PROJECT_MEMBER_NOT_FOUND');
        for (const restriction of ['CONSOLE_BLOCK', 'PROJECT_TRANSFER'] as const) {
          if (target.restrictTypes.includes(restriction)) throw restricted(restriction);
        }
        const now = ctx.now();
        // Spec §5: ADMIN is not combined with other project roles.
        await repo.setMemberRoles(tx, grant.orgId, projectId, target.id, ['ADMIN'], now);
        await repo.setOwner(tx, grant.orgId, projectId, target.id, now);
      });
      // The caller's permissions may have changed (a previous owner loses OWNER): describe afresh.
      const row = await repo.findInOrg(db, grant.orgId, projectId);
      const [project] = await describe(ctx, [row!], new Map([[grant.orgId, orgRolesOfGrant(grantOf(ctx))]]));
      return project!;
    },

    selfRoles: (ctx: SignedInContext) => selfRolesOf(grantOf(ctx)),
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
