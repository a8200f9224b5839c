import { fieldProblem, MemberEmailSchema, PROJECT_MEMBER_IMPORT_BATCH_LIMIT, projectRoleListMessage } from '@console/contracts';
import type { Executor } from '../../db/client.ts';
import { iamRepository } from '../iam/iam.repository.ts';
import { projectMembersRepository } from '../project-members/project-members.repository.ts';
import { projectOfScope, type ImportKind } from './import-kind.ts';
import { memberTypeOf, pendingRows, problemAt, roleListOf, roleProblem, userCodeOf, type AcceptedRow, type Checked, type ClassifiedRow, type Found, type ProjectMemberEntry, type Scope } from './import-rows.ts';
import { importsRepository as repo } from './imports.repository.ts';

function checkFormat(cells: Record<string, string>): Checked<ProjectMemberEntry> {
  const problems: Found[] = [];
  const type = memberTypeOf(cells, problems);
  let entry: ProjectMemberEntry | undefined;
  const roles = roleListOf(cells.roleList ?? '');
  if (type === 'TOAST_CLOUD') {
    const raw = cells.email ?? '';
    const problem = fieldProblem(MemberEmailSchema, raw);
    if (problem) problems.push(problemAt('email', problem, raw.trim() === '' ? 'NOT_EXIST_ID' : 'INVALID_DATA_FORMAT'));
    else entry = { kind: 'PROJECT_CLOUD', email: MemberEmailSchema.parse(raw), roleCodes: roles };
  } else if (type === 'IAM') {
    const userCode = userCodeOf(cells, problems);
    if (userCode) entry = { kind: 'PROJECT_IAM', userCode, roleCodes: roles };
  }
  roleProblem(projectRoleListMessage(roles), problems);
  return problems.length > 0 ? { problems } : { problems, entry };
}

type Cloud = Extract<ProjectMemberEntry, { kind: 'PROJECT_CLOUD' }>;
type Iam = Extract<ProjectMemberEntry, { kind: 'PROJECT_IAM' }>;
const isCloud = (row: AcceptedRow<ProjectMemberEntry>): row is AcceptedRow<Cloud> => row.entry.kind === 'PROJECT_CLOUD';
const isIam = (row: AcceptedRow<ProjectMemberEntry>): row is AcceptedRow<Iam> => row.entry.kind === 'PROJECT_IAM';

/**
 * Project member rows: a cloud member must be a member of the organization (else NOT_EXIST_ID), an
 * IAM ID an account of it that has not left (else NOT_EXIST_IAM_MEMBER); someone already in the
 * project is ALREADY_REGISTERED_DATA.
 */
async function markRegistered(db: Executor, scope: Scope, rows: ClassifiedRow<ProjectMemberEntry>[]) {
  const { orgId } = scope;
  const projectId = projectOfScope(scope);
  const pending = pendingRows(rows);
  const cloud = pending.filter(isCloud);
  const iam = pending.filter(isIam);
  const memberIds = await repo.orgCloudMemberIds(db, orgId, cloud.map((row) => row.entry.email));
  const accounts = new Map(
    (await iamRepository.findByUserCodes(db, orgId, iam.map((row) => row.entry.userCode)))
      .filter((account) => account.status !== 'LEAVED')
      .map((account) => [account.userCode, account.id]),
  );
  const inProject = await repo.projectMemberships(db, orgId, projectId);
  for (const row of cloud) {
    const { entry } = row;
    entry.memberId = memberIds.get(entry.email);
    if (!entry.memberId) {
      row.resultCode = 'NOT_EXIST_ID';
      row.problems.push({ column: 'email', key: 'validation.import.notOrgMember' });
    } else if (inProject.memberIds.has(entry.memberId)) row.resultCode = 'ALREADY_REGISTERED_DATA';
  }
  for (const row of iam) {
    const { entry } = row;
    entry.iamMemberId = accounts.get(entry.userCode);
    if (!entry.iamMemberId) {
      row.resultCode = 'NOT_EXIST_IAM_MEMBER';
      row.problems.push({ column: 'userCode', key: 'validation.import.notIamMember' });
    } else if (inProject.iamMemberIds.has(entry.iamMemberId)) row.resultCode = 'ALREADY_REGISTERED_DATA';
  }
}

/** The person an accepted row adds: checked against the organization just before, so found. */
function whoOf(entry: ProjectMemberEntry): { memberId: string } | { iamMemberId: string } {
  const id = entry.kind === 'PROJECT_CLOUD' ? entry.memberId : entry.iamMemberId;
  if (!id) throw new Error('imports: an accepted project member row without its person');
  return entry.kind === 'PROJECT_CLOUD' ? { memberId: id } : { iamMemberId: id };
}

/** Members of one project: cloud members of the organization and its IAM accounts, with project roles. */
export const projectMemberImport: ImportKind<ProjectMemberEntry> = {
  type: 'PROJECT_MEMBER',
  checkFormat,
  identityKeys: (entry) => (entry.kind === 'PROJECT_CLOUD' ? [`c:${entry.email}`] : [`i:${entry.userCode}`]),
  markRegistered,
  batchLimit: () => PROJECT_MEMBER_IMPORT_BATCH_LIMIT,
  async lockTarget(tx, job) {
    if (!(await projectMembersRepository.lockProject(tx, job.orgId, projectOfScope(job)))) throw new Error(`imports: project ${job.projectId} is gone`);
  },
  write(tx, { job, now }, accepted) {
    const { orgId } = job;
    const projectId = projectOfScope(job);
    return repo.insertProjectMembers(
      tx,
      accepted.map(({ entry }) => ({ orgId, projectId, ...whoOf(entry), roleCodes: entry.roleCodes, createdAt: now })),
    );
  },
};
