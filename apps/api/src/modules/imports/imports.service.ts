import {
  fieldProblem,
  IamNameSchema,
  IamUserCodeSchema,
  IMPORT_TEMPLATE_COLUMNS,
  MemberEmailSchema,
  orgMemberTypeOf,
  orgRoleListMessage,
  ProjectDescriptionSchema,
  ProjectNameSchema,
  PROJECT_MEMBER_IMPORT_BATCH_LIMIT,
  projectRoleListMessage,
  textCharacterProblem,
  validationMessage,
  withoutControlCharacters,
  type ValidationMessageParams,
  type ValidationMessageRef,
  type BatchResult,
  type BatchResultCode,
  type BatchRowResult,
  type ImportTemplateType,
  type Lang,
  type OrgMemberImportRow,
  type ValidationMessageKey,
} from '@console/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { orgViewOf } from '../../platform/authz.ts';
import { grantOf, type Clock, type SignedInContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mail } from '../../platform/mail.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { iamRepository } from '../iam/iam.repository.ts';
import { insertInvitationsWithMail, inviterOf, type Inviter } from '../members/invitations.service.ts';
import { membersRepository } from '../members/members.repository.ts';
import { projectMembersRepository } from '../project-members/project-members.repository.ts';
import { importsRepository as repo, type ImportJobRow } from './imports.repository.ts';
import { buildReport, buildTemplate, checkFileName, inspectZip, parseTemplate } from './spreadsheet.ts';

/** The job that commits an import's accepted rows, all or nothing. */
export const IMPORT_COMMIT_JOB = 'imports.commit';
/** Rows written between two progress updates of a running import: at least this many… */
export const IMPORT_COMMIT_CHUNK = 20;
/** …and at most this many updates in all, so a large import does not pay a round trip per 20 rows. */
export const IMPORT_PROGRESS_STEPS = 20;
/**
 * The longest an import may stay WAIT, from the moment it is recorded (queued and committing): a
 * 1,000-row import commits in about half a second (docs/benchmarks.md). Past it the import is FAIL
 * and no longer holds its organization's import slot (1502), whatever became of its job.
 */
export const IMPORT_TIME_LIMIT_SECONDS = 600;

/** When an import recorded at `createdAt` runs out of time. */
export const importDeadlineOf = (job: Pick<ImportJobRow, 'createdAt'>) => new Date(job.createdAt.getTime() + IMPORT_TIME_LIMIT_SECONDS * 1000);

/** The imports there are: organization members (invitations, IAM accounts) and project members. */
export type ImportType = ImportTemplateType;

/** Where an import acts: the organization, and the project of a PROJECT_MEMBER import. */
interface Scope {
  orgId: string;
  projectId: string | null;
}

type Entry =
  | { kind: 'TOAST_CLOUD'; email: string; roleCodes: string[] }
  | { kind: 'IAM'; userCode: string; name: string; email: string; readdId?: string }
  | { kind: 'PROJECT_CLOUD'; email: string; roleCodes: string[]; memberId?: string }
  | { kind: 'PROJECT_IAM'; userCode: string; roleCodes: string[]; iamMemberId?: string }
  | { kind: 'PROJECT'; name: string; ownerEmail: string; description: string; ownerId?: string };

interface Problem {
  column: string;
  key: ValidationMessageKey;
  /** The message's placeholders (a limit, the roles at fault). */
  params?: ValidationMessageParams;
}

/**
 * A row as classified: its cells as sent, its result code and the cells at fault (as message keys,
 * so each answer and report is in its reader's language), and — for a row to register — what to write.
 */
interface ClassifiedRow {
  rowNumber: number;
  cells: Record<string, string>;
  resultCode: BatchResultCode;
  problems: Problem[];
  entry?: Entry;
}

/** Rows that count as done (spec §5: duplicates are added once, already-registered rows are not flagged). */
const SUCCESSFUL: readonly BatchResultCode[] = ['SUCCESS', 'DUPLICATED_DATA', 'ALREADY_REGISTERED_DATA'];

const roleListOf = (text: string) =>
  text
    .split(/[,\s]+/)
    .map((role) => role.trim().toUpperCase())
    .filter(Boolean);

/** The columns a row of `type` has: the template's. Other fields of a JSON row are dropped, never stored. */
const columnsOf = (type: ImportType) => IMPORT_TEMPLATE_COLUMNS[type];

type Found = Problem & { code: BatchResultCode };
const problemAt = (column: string, ref: ValidationMessageRef, code: BatchResultCode): Found => ({ column, key: ref.key, ...(ref.params ? { params: ref.params } : {}), code });

/**
 * Format checks of one row; the first problem (in column order) gives the result code. Control
 * characters come first: such a cell is INVALID_DATA_FORMAT whatever its column, and is kept
 * with them replaced by U+FFFD (what is stored and shown back is always text PostgreSQL takes).
 * Tab and line breaks are text (a cell may wrap): the rule of each column a row uses says
 * whether it takes them (names do not: 'Enter one line…'; a role list is split at them).
 */
function checkFormat(type: ImportType, rowNumber: number, raw: Record<string, string>): ClassifiedRow {
  const cells: Record<string, string> = {};
  const control: Found[] = [];
  for (const column of columnsOf(type)) {
    const value = raw[column] ?? '';
    if (textCharacterProblem(value, true)) control.push(problemAt(column, { key: 'validation.text.control' }, 'INVALID_DATA_FORMAT'));
    cells[column] = withoutControlCharacters(value);
  }
  const checked =
    control.length > 0
      ? { problems: control }
      : type === 'ORG_MEMBER'
        ? checkOrgMemberFormat(cells)
        : type === 'PROJECT_MEMBER'
          ? checkProjectMemberFormat(cells)
          : checkProjectFormat(cells);
  if (checked.problems.length > 0 || !checked.entry) {
    return { rowNumber, cells, resultCode: checked.problems[0]?.code ?? 'INVALID_DATA_FORMAT', problems: checked.problems.map(({ code: _code, ...problem }) => problem) };
  }
  return { rowNumber, cells, resultCode: 'SUCCESS', problems: [], entry: checked.entry };
}

interface Checked {
  problems: Found[];
  entry?: Entry;
}

function checkProjectFormat(cells: Record<string, string>): Checked {
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

/** The member type cell: a code or a display name (NOT_EXIST_PROJECT_MEMBER_TYPE when missing or unknown). */
function memberTypeOf(cells: Record<string, string>, problems: Found[]) {
  const text = (cells.orgMemberTypeCode ?? '').trim();
  const type = orgMemberTypeOf(text);
  if (!type) problems.push(problemAt('orgMemberTypeCode', { key: text === '' ? 'validation.required' : 'validation.import.memberType' }, 'NOT_EXIST_PROJECT_MEMBER_TYPE'));
  return type;
}

/** An IAM ID cell (lower-cased first): NOT_EXIST_ID when missing, the §5 ID rule otherwise. */
function userCodeOf(cells: Record<string, string>, problems: Found[]) {
  const raw = (cells.userCode ?? '').trim().toLowerCase();
  if (raw === '') {
    problems.push(problemAt('userCode', { key: 'validation.required' }, 'NOT_EXIST_ID'));
    return undefined;
  }
  const problem = fieldProblem(IamUserCodeSchema, raw);
  if (problem) problems.push(problemAt('userCode', problem, 'INVALID_DATA_FORMAT'));
  return problem ? undefined : raw;
}

/** A role list problem: missing or unknown roles are NOT_EXIST_PROJECT_MEMBER_ROLE (§8 has no organization variant), others INVALID_DATA_FORMAT. */
function roleProblem(problem: ValidationMessageRef | undefined, problems: Found[]) {
  if (!problem) return;
  const missing = problem.key === 'validation.roles.required' || problem.key.endsWith('Roles.unknown');
  problems.push(problemAt('roleList', problem, missing ? 'NOT_EXIST_PROJECT_MEMBER_ROLE' : 'INVALID_DATA_FORMAT'));
}

function checkProjectMemberFormat(cells: Record<string, string>): Checked {
  const problems: Found[] = [];
  const type = memberTypeOf(cells, problems);
  let entry: Entry | undefined;
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

function checkOrgMemberFormat(cells: Record<string, string>): Checked {
  const problems: Found[] = [];
  const type = memberTypeOf(cells, problems);
  const rawEmail = cells.email ?? '';
  const emailProblem = fieldProblem(MemberEmailSchema, rawEmail);
  if (emailProblem) problems.push(problemAt('email', emailProblem, 'INVALID_DATA_FORMAT'));
  const email = emailProblem ? undefined : MemberEmailSchema.parse(rawEmail);
  const roles = roleListOf(cells.roleList ?? '');
  let entry: Entry | undefined;
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

/** Marks rows whose person is already registered (and, for project members, who is not in the organization). */
async function markRegistered(type: ImportType, db: Executor, scope: Scope, rows: ClassifiedRow[], now: Date) {
  if (type === 'ORG_MEMBER') await markRegisteredOrgMembers(db, scope.orgId, rows, now);
  else if (type === 'PROJECT_MEMBER') await markRegisteredProjectMembers(db, scope.orgId, scope.projectId!, rows);
  else await markRegisteredProjects(db, scope.orgId, rows);
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
async function markRegisteredProjects(db: Executor, orgId: string, rows: ClassifiedRow[]) {
  const pending = rows.filter((row) => row.resultCode === 'SUCCESS' && row.entry?.kind === 'PROJECT');
  const entryOf = (row: ClassifiedRow) => row.entry as Extract<Entry, { kind: 'PROJECT' }>;
  const names = await repo.projectNamesInOrg(db, orgId, pending.map((row) => entryOf(row).name.toLowerCase()));
  const owners = await repo.orgCloudMembersWithRoles(db, orgId, pending.map((row) => entryOf(row).ownerEmail));
  const quota = await repo.projectQuota(db, orgId);
  let room = Math.max(0, quota.limit - quota.used);
  for (const row of pending) {
    const entry = entryOf(row);
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

/**
 * Project member rows: a cloud member must be a member of the organization (else NOT_EXIST_ID), an
 * IAM ID an account of it that has not left (else NOT_EXIST_IAM_MEMBER); someone already in the
 * project is ALREADY_REGISTERED_DATA.
 */
async function markRegisteredProjectMembers(db: Executor, orgId: string, projectId: string, rows: ClassifiedRow[]) {
  const pending = rows.filter((row) => row.resultCode === 'SUCCESS' && row.entry);
  const cloud = pending.filter((row) => row.entry!.kind === 'PROJECT_CLOUD');
  const iam = pending.filter((row) => row.entry!.kind === 'PROJECT_IAM');
  const memberIds = await repo.orgCloudMemberIds(db, orgId, cloud.map((row) => (row.entry as Extract<Entry, { kind: 'PROJECT_CLOUD' }>).email));
  const accounts = new Map(
    (await iamRepository.findByUserCodes(db, orgId, iam.map((row) => (row.entry as Extract<Entry, { kind: 'PROJECT_IAM' }>).userCode)))
      .filter((account) => account.status !== 'LEAVED')
      .map((account) => [account.userCode, account.id]),
  );
  const inProject = await repo.projectMemberships(db, orgId, projectId);
  for (const row of cloud) {
    const entry = row.entry as Extract<Entry, { kind: 'PROJECT_CLOUD' }>;
    entry.memberId = memberIds.get(entry.email);
    if (!entry.memberId) {
      row.resultCode = 'NOT_EXIST_ID';
      row.problems.push({ column: 'email', key: 'validation.import.notOrgMember' });
    } else if (inProject.memberIds.has(entry.memberId)) row.resultCode = 'ALREADY_REGISTERED_DATA';
  }
  for (const row of iam) {
    const entry = row.entry as Extract<Entry, { kind: 'PROJECT_IAM' }>;
    entry.iamMemberId = accounts.get(entry.userCode);
    if (!entry.iamMemberId) {
      row.resultCode = 'NOT_EXIST_IAM_MEMBER';
      row.problems.push({ column: 'userCode', key: 'validation.import.notIamMember' });
    } else if (inProject.iamMemberIds.has(entry.iamMemberId)) row.resultCode = 'ALREADY_REGISTERED_DATA';
  }
}

/** Organization member rows the organization already has (members, invitations in progress, IAM IDs and emails). */
async function markRegisteredOrgMembers(db: Executor, orgId: string, rows: ClassifiedRow[], now: Date) {
  const pending = rows.filter((row) => row.resultCode === 'SUCCESS' && row.entry);
  const cloud = pending.filter((row) => row.entry!.kind === 'TOAST_CLOUD');
  const iam = pending.filter((row) => row.entry!.kind === 'IAM');
  const emailOf = (row: ClassifiedRow) => (row.entry as { email: string }).email;
  const cloudEmails = cloud.map(emailOf);
  // One after the other: a transaction is one connection.
  const members = await membersRepository.orgMemberEmails(db, orgId, cloudEmails);
  const invited = await membersRepository.waitingInvitationEmails(db, orgId, cloudEmails, now);
  for (const row of cloud) {
    const email = emailOf(row);
    if (members.has(email) || invited.has(email)) row.resultCode = 'ALREADY_REGISTERED_DATA';
  }
  if (iam.length === 0) return;
  const existing = new Map(
    (await iamRepository.findByUserCodes(db, orgId, iam.map((row) => (row.entry as Extract<Entry, { kind: 'IAM' }>).userCode))).map((account) => [account.userCode, account]),
  );
  const readded: string[] = [];
  for (const row of iam) {
    const entry = row.entry as Extract<Entry, { kind: 'IAM' }>;
    const account = existing.get(entry.userCode);
    if (account && account.status !== 'LEAVED') row.resultCode = 'ALREADY_REGISTERED_DATA';
    else if (account) {
      entry.readdId = account.id;
      readded.push(account.id);
    }
  }
  const stillNew = iam.filter((row) => row.resultCode === 'SUCCESS');
  const inUse = await iamRepository.emailsInUse(db, orgId, stillNew.map(emailOf), readded);
  for (const row of stillNew) if (inUse.has(emailOf(row))) row.resultCode = 'ALREADY_REGISTERED_DATA';
}

/** Marks every row after the first with the same person (cloud email; IAM ID or email) DUPLICATED_DATA. */
function markDuplicates(rows: ClassifiedRow[]) {
  const seen = new Set<string>();
  for (const row of rows) {
    if (!row.entry) continue;
    const { entry } = row;
    const keys =
      entry.kind === 'TOAST_CLOUD' || entry.kind === 'PROJECT_CLOUD'
        ? [`c:${entry.email}`]
        : entry.kind === 'IAM'
          ? [`i:${entry.userCode}`, `ie:${entry.email}`]
          : entry.kind === 'PROJECT'
            ? [`p:${entry.name.toLowerCase()}`]
            : [`i:${entry.userCode}`];
    if (keys.some((key) => seen.has(key))) {
      row.resultCode = 'DUPLICATED_DATA';
      continue;
    }
    for (const key of keys) seen.add(key);
  }
}

const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

function toRowResult(row: ClassifiedRow, lang: Lang): BatchRowResult {
  const cells = row.cells;
  return {
    rowNumber: row.rowNumber,
    email: (row.entry && 'email' in row.entry ? row.entry.email : undefined) ?? text(cells.email),
    orgMemberTypeCode: orgMemberTypeOf(cells.orgMemberTypeCode ?? '') ?? text(cells.orgMemberTypeCode),
    ownerEmail: row.entry?.kind === 'PROJECT' ? row.entry.ownerEmail : text(cells.ownerEmail),
    projectName: row.entry?.kind === 'PROJECT' ? row.entry.name : text(cells.projectName),
    projectDescription: row.entry?.kind === 'PROJECT' ? text(row.entry.description) : text(cells.projectDescription),
    resultCode: row.resultCode,
    roleList: row.entry && 'roleCodes' in row.entry ? row.entry.roleCodes : roleListOf(cells.roleList ?? ''),
    successful: SUCCESSFUL.includes(row.resultCode),
    userCode: row.entry && 'userCode' in row.entry ? row.entry.userCode : text(cells.userCode),
    name: text(cells.name),
    cellErrors: row.problems.map((problem) => ({ column: problem.column, message: validationMessage(problem.key, lang, problem.params) })),
  };
}

/** Spec §3 Batch registration result; `failList` holds every row that is not a plain SUCCESS. */
export function batchResultOf(rows: readonly ClassifiedRow[], lang: Lang): BatchResult {
  const results = rows.map((row) => toRowResult(row, lang));
  const successCount = results.filter((row) => row.successful).length;
  return {
    totalCount: results.length,
    successCount,
    failCount: results.length - successCount,
    failList: results.filter((row) => row.resultCode !== 'SUCCESS'),
    rows: results,
  };
}

/** JSON rows as cells: the columns of the type's template (the other fields are ignored, never stored). */
const rowsFromJson = (type: ImportType, rows: readonly OrgMemberImportRow[]) =>
  rows.map((row, index) => ({
    rowNumber: row.rowNumber ?? index + 2,
    cells: Object.fromEntries(columnsOf(type).map((column) => [column, row[column as keyof OrgMemberImportRow] as string])),
  }));

interface StoredResult {
  rows: ClassifiedRow[];
}

/** Classifies rows: format, duplicates within the request, then what the organization already has. */
async function classify(type: ImportType, executor: Executor, scope: Scope, input: readonly { rowNumber: number; cells: Record<string, string> }[], now: Date) {
  const rows = input.map((row) => checkFormat(type, row.rowNumber, row.cells));
  markDuplicates(rows);
  await markRegistered(type, executor, scope, rows, now);
  return rows;
}

/** An uploaded file's rows: name, then the zip inspection, then the parse (each may refuse). */
async function fileRows(type: ImportType, fileName: string, file: unknown) {
  checkFileName(fileName);
  if (!Buffer.isBuffer(file) || file.length === 0) throw new AppError('IMPORT_FILE_UNREADABLE');
  inspectZip(file);
  return parseTemplate(file, type);
}

const scopeOf = (ctx: SignedInContext): Scope => {
  const grant = grantOf(ctx);
  return { orgId: grant.orgId, projectId: grant.projectId ?? null };
};

/** The .xlsx report of rows: those that are not a plain SUCCESS, reasons in the caller's language. */
const reportOf = (ctx: SignedInContext, type: ImportType, rows: readonly ClassifiedRow[]) =>
  buildReport(
    type,
    ctx.lang,
    rows.filter((row) => row.resultCode !== 'SUCCESS').map((row) => ({ ...toRowResult(row, ctx.lang), cells: row.cells })),
  );

export function createImportsService(deps: { db: Database; config: AppConfig; clock: Clock; mail: Mail; jobs: Jobs }) {
  const { db, config, mail, jobs } = deps;

  function checkBatchLimit(type: ImportType, rows: readonly ClassifiedRow[]) {
    // Projects are bounded by the organization's project limit (rows beyond it: FAIL_TO_CREATE_PROJECT).
    if (type === 'PROJECT') return;
    const limit = type === 'ORG_MEMBER' ? config.importOrgMemberBatchLimit : PROJECT_MEMBER_IMPORT_BATCH_LIMIT;
    if (rows.filter((row) => row.resultCode === 'SUCCESS').length > limit) throw new AppError('MEMBER_LIMIT_EXCEEDED', { params: { max: limit } });
  }

  async function validate(ctx: SignedInContext, type: ImportType, input: readonly { rowNumber: number; cells: Record<string, string> }[]) {
    const rows = await classify(type, db, scopeOf(ctx), input, ctx.now());
    checkBatchLimit(type, rows);
    return { result: batchResultOf(rows, ctx.lang) };
  }

  /**
   * Records the batch (WAIT) and enqueues its commit job in the same transaction. Refused when
   * every row is erroneous (21106), when more rows would be registered than a batch may hold
   * (1503), and while another import of the same type is in progress in the organization (1502,
   * the partial unique index decides between two at once).
   */
  async function start(ctx: SignedInContext, type: ImportType, input: readonly { rowNumber: number; cells: Record<string, string> }[], fileName: string | null) {
    const scope = scopeOf(ctx);
    const now = ctx.now();
    const rows = await classify(type, db, scope, input, now);
    if (rows.every((row) => !SUCCESSFUL.includes(row.resultCode))) throw new AppError('IMPORT_ALL_DATA_INVALID');
    checkBatchLimit(type, rows);
    const requestedBy: Inviter = inviterOf(ctx);
    const record = () =>
      db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          orgId: scope.orgId,
          projectId: scope.projectId,
          type,
          state: 'WAIT',
          requestedBy,
          locale: ctx.locale,
          fileName,
          rows: { rows } satisfies StoredResult,
          total: rows.length,
          processed: 0,
          createdAt: now,
        });
        await jobs.enqueue(tx, IMPORT_COMMIT_JOB, { importId: row.id, orgId: scope.orgId });
        return { asyncJobId: row.id };
      });
    let answer: { asyncJobId: string };
    try {
      answer = await record();
    } catch (error) {
      if (!isUniqueViolation(error, 'import_jobs_one_waiting_key')) throw error;
      // The import in progress may be one that can no longer finish (interrupted, past its time limit): it fails and frees the slot.
      const waiting = await repo.findWaiting(db, scope.orgId, type);
      if (!waiting || !(await settleIfStuck(waiting))) throw new AppError('ASYNC_JOB_IN_PROGRESS');
      answer = await record().catch((again: unknown) => {
        throw isUniqueViolation(again, 'import_jobs_one_waiting_key') ? new AppError('ASYNC_JOB_IN_PROGRESS') : again;
      });
    }
    // Committed: the person is watching the progress bar, so the worker starts now, not at its next poll.
    jobs.wake(IMPORT_COMMIT_JOB);
    return answer;
  }

  /**
   * An import that can no longer finish is set FAIL, so it stops holding its organization's slot:
   * one past its time limit, and one whose run was interrupted (begun, and no commit holds its
   * lock: the worker died, its transaction was rolled back). Answers whether it was set FAIL.
   */
  async function settleIfStuck(job: Pick<ImportJobRow, 'id' | 'orgId' | 'state' | 'createdAt' | 'startedAt'>): Promise<boolean> {
    if (job.state !== 'WAIT') return false;
    const now = deps.clock();
    const overdue = now.getTime() >= importDeadlineOf(job).getTime();
    if (!overdue && !job.startedAt) return false;
    return repo.failUnlessRunning(db, job.orgId, job.id, now, overdue);
  }

  /**
   * Finds the imports a crash interrupted (or that ran out of time) and sets them FAIL: run by a
   * worker when it starts, before it takes jobs, so a restarted server frees its organizations at
   * once. Imports another live worker is committing hold their lock and are left alone.
   */
  async function recoverInterrupted() {
    const now = deps.clock();
    let failed = 0;
    for (const job of await repo.possiblyStuck(db, new Date(now.getTime() - IMPORT_TIME_LIMIT_SECONDS * 1000))) {
      if (await settleIfStuck(job)) failed++;
    }
    return failed;
  }

  /** Writes an organization member import's accepted rows: invitations with their mails, IAM accounts. */
  async function writeOrgMembers(tx: Executor, job: ImportJobRow, orgName: string, accepted: readonly ClassifiedRow[], now: Date) {
    const { orgId } = job;
    const cloud = accepted.flatMap((row) => (row.entry!.kind === 'TOAST_CLOUD' ? [row.entry!] : []));
    const iam = accepted.flatMap((row) => (row.entry!.kind === 'IAM' ? [row.entry!] : []));
    await membersRepository.expirePastDue(tx, now, { orgId, emails: cloud.map((entry) => entry.email) });
    await insertInvitationsWithMail(tx, { config, mail }, {
      orgId,
      orgName,
      inviter: job.requestedBy as Inviter,
      locale: job.locale as SignedInContext['locale'],
      items: cloud,
      now,
    });
    const values = { status: 'STABLE' as const, creationType: 'CONSOLE', passwordHash: null, updatedAt: now, createdAt: now };
    await repo.insertIamMembers(
      tx,
      iam.filter((entry) => !entry.readdId).map((entry) => ({ ...values, orgId, userCode: entry.userCode, name: entry.name, email: entry.email })),
    );
    for (const entry of iam.filter((item) => item.readdId)) {
      await iamRepository.update(tx, orgId, entry.readdId!, { ...values, name: entry.name, email: entry.email, lastLoginAt: null });
    }
  }

  /** Writes accepted rows of an import: invitations and IAM accounts, projects (owner as ADMIN), or project memberships. */
  async function writeChunk(tx: Executor, type: ImportType, job: ImportJobRow, orgName: string, accepted: readonly ClassifiedRow[], now: Date) {
    const { orgId } = job;
    if (type === 'ORG_MEMBER') return writeOrgMembers(tx, job, orgName, accepted, now);
    if (type === 'PROJECT') {
      // The owner of each project is its ADMIN, as when a project is created one by one.
      const created = await repo.insertProjects(
        tx,
        accepted.map((row) => {
          const entry = row.entry as Extract<Entry, { kind: 'PROJECT' }>;
          return { orgId, name: entry.name, description: entry.description, ownerMemberId: entry.ownerId!, createdAt: now, updatedAt: now };
        }),
      );
      return repo.insertProjectMembers(
        tx,
        created.map((project) => ({ orgId, projectId: project.id, memberId: project.ownerMemberId, roleCodes: ['ADMIN'], createdAt: now })),
      );
    }
    return repo.insertProjectMembers(
      tx,
      accepted.map((row) => {
        const entry = row.entry!;
        const who = entry.kind === 'PROJECT_CLOUD' ? { memberId: entry.memberId! } : { iamMemberId: (entry as Extract<Entry, { kind: 'PROJECT_IAM' }>).iamMemberId! };
        return { orgId, projectId: job.projectId!, ...who, roleCodes: (entry as { roleCodes: string[] }).roleCodes, createdAt: now };
      }),
    );
  }

  /**
   * The commit, all or nothing, once: one transaction locks the import (a second run of the job
   * waits for the first, then finds it no longer WAIT and stops), locks the organization (and the
   * project), re-checks the accepted rows against what is there now, writes them — invitations
   * with their mails enqueued in the same transaction and IAM accounts, or project memberships —
   * and sets COMPLETE with the report. Any failure rolls all of it back; the import is then marked
   * FAIL (21107 'Fail to member batch registration') so it no longer holds the import slot.
   *
   * An import runs once: a delivery that finds it begun by an earlier run (whose worker died mid-
   * commit, so nothing of it stayed) or past its time limit sets it FAIL instead, as the recovery
   * at a worker's start does. The transaction's statements and lock waits are bounded by the
   * time left, and the time is checked between chunks.
   */
  async function commit(importId: string, orgId: string) {
    const startedAt = deps.clock();
    try {
      await db.transaction(async (tx) => {
        const job = await repo.lock(tx, orgId, importId);
        if (!job || job.state !== 'WAIT') return;
        const deadline = importDeadlineOf(job).getTime();
        if (job.startedAt || startedAt.getTime() >= deadline) {
          await repo.finish(tx, orgId, importId, { state: 'FAIL', processed: 0, result: null, startedAt: job.startedAt, completedAt: startedAt });
          return;
        }
        await repo.limitTransaction(tx, deadline - startedAt.getTime());
        await repo.markStarted(db, orgId, importId, startedAt);
        const type = job.type as ImportType;
        const org = await membersRepository.lockOrg(tx, orgId);
        if (!org) return;
        if (type === 'PROJECT_MEMBER' && !(await projectMembersRepository.lockProject(tx, orgId, job.projectId!))) {
          throw new Error(`imports: project ${job.projectId} is gone`);
        }
        const now = startedAt;
        const { rows } = job.rows as StoredResult;
        await markRegistered(type, tx, { orgId, projectId: job.projectId }, rows, now);
        const accepted = rows.filter((row) => row.resultCode === 'SUCCESS' && row.entry);
        // Written a chunk at a time; after each, the rows handled so far go on the import row from
        // outside the transaction (the progress bar moves), while what is written stays invisible
        // until the whole commit succeeds.
        let processed = rows.length - accepted.length;
        await repo.setProgress(db, orgId, importId, processed);
        const chunkSize = Math.max(IMPORT_COMMIT_CHUNK, Math.ceil(accepted.length / IMPORT_PROGRESS_STEPS));
        for (let offset = 0; offset < accepted.length; offset += chunkSize) {
          if (deps.clock().getTime() >= deadline) throw new Error(`imports: ${importId} ran out of its ${IMPORT_TIME_LIMIT_SECONDS} s`);
          const chunk = accepted.slice(offset, offset + chunkSize);
          await writeChunk(tx, type, job, org.name, chunk, now);
          processed += chunk.length;
          await repo.setProgress(db, orgId, importId, processed);
        }
        const finished = await repo.finish(tx, orgId, importId, {
          state: 'COMPLETE',
          processed: rows.length,
          result: { rows } satisfies StoredResult,
          startedAt,
          completedAt: deps.clock(),
        });
        // Set FAIL meanwhile (past its time limit): nothing of it may stay.
        if (!finished) throw new Error(`imports: ${importId} was set FAIL while it committed`);
      });
    } catch (error) {
      await repo.finish(db, orgId, importId, { state: 'FAIL', processed: 0, result: null, startedAt, completedAt: deps.clock() });
      throw error;
    }
  }

  jobs.define<{ importId: string; orgId: string }>({
    name: IMPORT_COMMIT_JOB,
    // pg-boss's own time limit agrees with the import's. Retries are for a delivery whose worker
    // died before the commit began (pg-boss re-delivers it once it expires); a begun or failed
    // import is not run again, so its retries find nothing to do.
    queue: { retryLimit: 3, expireInSeconds: IMPORT_TIME_LIMIT_SECONDS },
    handler: ({ importId, orgId }) => commit(importId, orgId),
    recover: async () => {
      await recoverInterrupted();
    },
  });

  /** The caller's import; one that can no longer finish reads FAIL (it is set so now). */
  async function found(ctx: SignedInContext, type: ImportType, importId: string): Promise<ImportJobRow> {
    const scope = scopeOf(ctx);
    const job = await repo.find(db, scope.orgId, importId);
    if (!job || job.type !== type || (type === 'PROJECT_MEMBER' && job.projectId !== scope.projectId)) throw new AppError('IMPORT_JOB_NOT_FOUND');
    if (await settleIfStuck(job)) return (await repo.find(db, scope.orgId, importId)) ?? job;
    return job;
  }

  return {
    commit,
    recoverInterrupted,
    template: (ctx: SignedInContext, type: ImportTemplateType) => buildTemplate(type, ctx.lang),

    async validateFile(ctx: SignedInContext, type: ImportType, fileName: string, file: unknown) {
      return validate(ctx, type, await fileRows(type, fileName, file));
    },
    validateRows: (ctx: SignedInContext, type: ImportType, rows: readonly OrgMemberImportRow[]) => validate(ctx, type, rowsFromJson(type, rows)),
    async startFile(ctx: SignedInContext, type: ImportType, fileName: string, file: unknown) {
      return start(ctx, type, await fileRows(type, fileName, file), fileName.trim());
    },
    startRows: (ctx: SignedInContext, type: ImportType, rows: readonly OrgMemberImportRow[]) => start(ctx, type, rowsFromJson(type, rows), null),

    async get(ctx: SignedInContext, type: ImportType, importId: string) {
      const job = await found(ctx, type, importId);
      const done = job.state === 'COMPLETE';
      return {
        asyncJobId: job.id,
        state: job.state,
        progress: { processed: job.processed, total: job.total },
        result: done ? batchResultOf((job.result as StoredResult).rows, ctx.lang) : null,
        regDateTime: job.createdAt.toISOString(),
        startedDateTime: job.startedAt?.toISOString() ?? null,
        completedDateTime: job.completedAt?.toISOString() ?? null,
      };
    },

    /** The report of a dry run of `rows`: its rows that are not a plain SUCCESS, reasons in the caller's language. */
    async validationReport(ctx: SignedInContext, type: ImportType, input: readonly OrgMemberImportRow[]) {
      return reportOf(ctx, type, await classify(type, db, scopeOf(ctx), rowsFromJson(type, input), ctx.now()));
    },

    /** The report of a finished import: its rows that are not a plain SUCCESS, reasons in the caller's language. */
    async report(ctx: SignedInContext, type: ImportType, importId: string) {
      const job = await found(ctx, type, importId);
      if (job.state === 'WAIT') throw new AppError('ASYNC_JOB_IN_PROGRESS');
      if (job.state === 'FAIL') throw new AppError('MEMBER_BATCH_REGISTRATION_FAILED');
      return reportOf(ctx, type, (job.result as StoredResult).rows);
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
