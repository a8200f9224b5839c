import { fieldProblem, IamNameSchema, MemberEmailSchema, orgRoleListMessage, type Locale } from '@console/contracts';
import type { Executor } from '../../db/client.ts';
import { iamRepository } from '../iam/iam.repository.ts';
import { insertInvitationsWithMail, type Inviter } from '../members/invitations.service.ts';
import { membersRepository } from '../members/members.repository.ts';
import type { ImportKind } from './import-kind.ts';
import { memberTypeOf, pendingRows, problemAt, roleListOf, roleProblem, userCodeOf, type AcceptedRow, type Checked, type ClassifiedRow, type Found, type OrgMemberEntry, type Scope } from './import-rows.ts';
import { importsRepository as repo } from './imports.repository.ts';

function checkFormat(cells: Record<string, string>): Checked<OrgMemberEntry> {
  const problems: Found[] = [];
  const type = memberTypeOf(cells, problems);
  const rawEmail = cells.email ?? '';
  const emailProblem = fieldProblem(MemberEmailSchema, rawEmail);
  if (emailProblem) problems.push(problemAt('email', emailProblem, 'INVALID_DATA_FORMAT'));
  const email = emailProblem ? undefined : MemberEmailSchema.parse(rawEmail);
  const roles = roleListOf(cells.roleList ?? '');
  let entry: OrgMemberEntry | undefined;
  if (type === 'TOAST_CLOUD') {
    roleProblem(orgRoleListMessage(roles), problems);
    if (email) entry = { kind: 'TOAST_CLOUD', email, roleCodes: roles };
  } else if (type === 'IAM') {
    // IAM accounts hold no organization roles (they get project roles in each project): a role
    // here is refused rather than silently dropped — an unknown one as the unknown role it is.
    if (roles.length > 0) {
      const problem = orgRoleListMessage(roles);
      roleProblem(problem?.key === 'validation.orgRoles.unknown' ? problem : { key: 'validation.import.iamNoOrgRoles' }, problems);
    }
    const userCode = userCodeOf(cells, problems);
    const nameProblem = fieldProblem(IamNameSchema, cells.name ?? '');
    if (nameProblem) problems.push(problemAt('name', nameProblem, 'INVALID_DATA_FORMAT'));
    if (email && userCode && !nameProblem) entry = { kind: 'IAM', userCode, name: IamNameSchema.parse(cells.name ?? ''), email };
  }
  return problems.length > 0 ? { problems } : { problems, entry };
}

type Cloud = Extract<OrgMemberEntry, { kind: 'TOAST_CLOUD' }>;
type Iam = Extract<OrgMemberEntry, { kind: 'IAM' }>;
const isCloud = (row: AcceptedRow<OrgMemberEntry>): row is AcceptedRow<Cloud> => row.entry.kind === 'TOAST_CLOUD';
const isIam = (row: AcceptedRow<OrgMemberEntry>): row is AcceptedRow<Iam> => row.entry.kind === 'IAM';

/** Organization member rows the organization already has (members, invitations in progress, IAM IDs and emails). */
async function markRegistered(db: Executor, scope: Scope, rows: ClassifiedRow<OrgMemberEntry>[], now: Date) {
  const { orgId } = scope;
  const pending = pendingRows(rows);
  const cloud = pending.filter(isCloud);
  const iam = pending.filter(isIam);
  const cloudEmails = cloud.map((row) => row.entry.email);
  // One after the other: a transaction is one connection.
  const members = await membersRepository.orgMemberEmails(db, orgId, cloudEmails);
  const invited = await membersRepository.waitingInvitationEmails(db, orgId, cloudEmails, now);
  for (const row of cloud) {
    const { email } = row.entry;
    if (members.has(email) || invited.has(email)) row.resultCode = 'ALREADY_REGISTERED_DATA';
  }
  if (iam.length === 0) return;
  const existing = new Map((await iamRepository.findByUserCodes(db, orgId, iam.map((row) => row.entry.userCode))).map((account) => [account.userCode, account]));
  const readded: string[] = [];
  for (const row of iam) {
    const { entry } = row;
    const account = existing.get(entry.userCode);
    if (account && account.status !== 'LEAVED') row.resultCode = 'ALREADY_REGISTERED_DATA';
    else if (account) {
      entry.readdId = account.id;
      readded.push(account.id);
    }
  }
  const stillNew = iam.filter((row) => row.resultCode === 'SUCCESS');
  const inUse = await iamRepository.emailsInUse(db, orgId, stillNew.map((row) => row.entry.email), readded);
  for (const row of stillNew) if (inUse.has(row.entry.email)) row.resultCode = 'ALREADY_REGISTERED_DATA';
}

/** Organization members: cloud members are invited (with their mails), IAM accounts created or re-added. */
export const orgMemberImport: ImportKind<OrgMemberEntry> = {
  type: 'ORG_MEMBER',
  checkFormat,
  identityKeys: (entry) => (entry.kind === 'TOAST_CLOUD' ? [`c:${entry.email}`] : [`i:${entry.userCode}`, `ie:${entry.email}`]),
  markRegistered,
  batchLimit: (config) => config.importOrgMemberBatchLimit,
  async write(tx, { job, orgName, now, config, mail }, accepted) {
    const { orgId } = job;
    const cloud = accepted.flatMap((row) => (row.entry.kind === 'TOAST_CLOUD' ? [row.entry] : []));
    const iam = accepted.flatMap((row) => (row.entry.kind === 'IAM' ? [row.entry] : []));
    await membersRepository.expirePastDue(tx, now, { orgId, emails: cloud.map((entry) => entry.email) });
    await insertInvitationsWithMail(tx, { config, mail }, {
      orgId,
      orgName,
      inviter: job.requestedBy as Inviter,
      locale: job.locale as Locale,
      items: cloud,
      now,
    });
    const values = { status: 'STABLE' as const, creationType: 'CONSOLE', passwordHash: null, updatedAt: now, createdAt: now };
    await repo.insertIamMembers(
      tx,
      iam.filter((entry) => !entry.readdId).map((entry) => ({ ...values, orgId, userCode: entry.userCode, name: entry.name, email: entry.email })),
    );
    for (const entry of iam) {
      if (entry.readdId) await iamRepository.update(tx, orgId, entry.readdId, { ...values, name: entry.name, email: entry.email, lastLoginAt: null });
    }
  },
};
