import { fieldProblem, MemberEmailSchema, ProjectDescriptionSchema, ProjectNameSchema } from '@console/contracts';
import type { Executor } from '../../db/client.ts';
import { orgViewOf } from '../../platform/authz-views.ts';
import type { ImportKind } from './import-kind.ts';
import { pendingRows, problemAt, type Checked, type ClassifiedRow, type Found, type ProjectEntry } from './import-rows.ts';
import { importsRepository as repo } from './imports.repository.ts';

function checkFormat(cells: Record<string, string>): Checked<ProjectEntry> {
  const problems: Found[] = [];
  const rawName = cells.projectName ?? '';
  const nameProblem = fieldProblem(ProjectNameSchema, rawName);
  if (rawName.trim() === '') problems.push(problemAt('projectName', { key: 'validation.required' }, 'NOT_EXIST_PROJECT_NAME'));
  else if (nameProblem) problems.push(problemAt('projectName', nameProblem, 'INVALID_DATA_FORMAT'));
  const rawOwner = cells.ownerEmail ?? '';
  const ownerProblem = fieldProblem(MemberEmailSchema, rawOwner);
  if (rawOwner.trim() === '') problems.push(problemAt('ownerEmail', { key: 'validation.email.required' }, 'NOT_EXIST_OWNER_ID'));
  else if (ownerProblem) problems.push(problemAt('ownerEmail', ownerProblem, 'INVALID_DATA_FORMAT'));
  const descriptionProblem = fieldProblem(ProjectDescriptionSchema, cells.projectDescription ?? '');
  if (descriptionProblem) problems.push(problemAt('projectDescription', descriptionProblem, 'INVALID_DATA_FORMAT'));
  if (problems.length > 0) return { problems };
  return {
    problems,
    entry: {
      kind: 'PROJECT',
      name: ProjectNameSchema.parse(rawName),
      ownerEmail: MemberEmailSchema.parse(rawOwner),
      description: ProjectDescriptionSchema.parse(cells.projectDescription ?? ''),
    },
  };
}

/** Whether a member's organization roles let them create projects, as the permission engine decides. */
const mayCreateProjects = (roles: readonly string[]) => orgViewOf(roles).has('Organization.Project.Create');

/**
 * Project rows: a name the organization already has is ALREADY_REGISTERED_DATA; the owner must be
 * a cloud member of the organization (NOT_EXIST_OWNER_ID) who may create projects — a role with
 * Organization.Project.Create, an active account without the PROJECT_CREATE restriction
 * (UNAUTHORIZED_USER_CREATE_PROJECTS); rows beyond the organization's project limit are
 * FAIL_TO_CREATE_PROJECT.
 */
async function markRegistered(db: Executor, scope: { orgId: string }, rows: ClassifiedRow<ProjectEntry>[]) {
  const { orgId } = scope;
  const pending = pendingRows(rows);
  const names = await repo.projectNamesInOrg(db, orgId, pending.map((row) => row.entry.name.toLowerCase()));
  const owners = await repo.orgCloudMembersWithRoles(db, orgId, pending.map((row) => row.entry.ownerEmail));
  const quota = await repo.projectQuota(db, orgId);
  let room = Math.max(0, quota.limit - quota.used);
  for (const row of pending) {
    const { entry } = row;
    const owner = owners.get(entry.ownerEmail);
    entry.ownerId = owner?.id;
    if (names.has(entry.name.toLowerCase())) row.resultCode = 'ALREADY_REGISTERED_DATA';
    else if (!owner) {
      row.resultCode = 'NOT_EXIST_OWNER_ID';
      row.problems.push({ column: 'ownerEmail', key: 'validation.import.notOrgMember' });
    } else if (!mayCreateProjects(owner.roles) || owner.status !== 'STABLE' || owner.restrictTypes.includes('PROJECT_CREATE')) {
      row.resultCode = 'UNAUTHORIZED_USER_CREATE_PROJECTS';
      row.problems.push({ column: 'ownerEmail', key: 'validation.import.ownerCannotCreateProjects' });
    } else if (room === 0) {
      row.resultCode = 'FAIL_TO_CREATE_PROJECT';
      row.problems.push({ column: 'projectName', key: 'validation.import.projectQuota' });
    } else room--;
  }
}

/** Projects, each with its owner as its ADMIN (as when a project is created one by one). */
export const projectImport: ImportKind<ProjectEntry> = {
  type: 'PROJECT',
  checkFormat,
  identityKeys: (entry) => [`p:${entry.name.toLowerCase()}`],
  markRegistered,
  // Bounded by the organization's project limit (rows beyond it: FAIL_TO_CREATE_PROJECT).
  batchLimit: () => undefined,
  async write(tx, { job, now }, accepted) {
    const { orgId } = job;
    const values = accepted.map(({ entry }) => {
      // Checked against the organization just before: an accepted row has its owner.
      if (!entry.ownerId) throw new Error('imports: an accepted project row without its owner');
      return { orgId, name: entry.name, description: entry.description, ownerMemberId: entry.ownerId, createdAt: now, updatedAt: now };
    });
    const created = await repo.insertProjects(tx, values);
    return repo.insertProjectMembers(
      tx,
      created.map((project) => ({ orgId, projectId: project.id, memberId: project.ownerMemberId, roleCodes: ['ADMIN'], createdAt: now })),
    );
  },
};
