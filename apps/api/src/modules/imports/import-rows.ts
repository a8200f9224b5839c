import {
  fieldProblem,
  IamUserCodeSchema,
  orgMemberTypeOf,
  type BatchResultCode,
  type ValidationMessageKey,
  type ValidationMessageParams,
  type ValidationMessageRef,
} from '@console/contracts';

/** Where an import acts: the organization, and the project of a PROJECT_MEMBER import. */
export interface Scope {
  orgId: string;
  projectId: string | null;
}

/** What a row registers, by kind of import (filled in with ids as the rows are checked against the organization). */
export type OrgMemberEntry =
  | { kind: 'TOAST_CLOUD'; email: string; roleCodes: string[] }
  | { kind: 'IAM'; userCode: string; name: string; email: string; readdId?: string };
export type ProjectMemberEntry =
  | { kind: 'PROJECT_CLOUD'; email: string; roleCodes: string[]; memberId?: string }
  | { kind: 'PROJECT_IAM'; userCode: string; roleCodes: string[]; iamMemberId?: string };
export type ProjectEntry = { kind: 'PROJECT'; name: string; ownerEmail: string; description: string; ownerId?: string };
export type Entry = OrgMemberEntry | ProjectMemberEntry | ProjectEntry;

export interface Problem {
  column: string;
  key: ValidationMessageKey;
  /** The message's placeholders (a limit, the roles at fault). */
  params?: ValidationMessageParams;
}

/**
 * A row as classified: its cells as sent, its result code and the cells at fault (as message keys,
 * so each answer and report is in its reader's language), and — for a row to register — what to write.
 */
export interface ClassifiedRow<E extends Entry = Entry> {
  rowNumber: number;
  cells: Record<string, string>;
  resultCode: BatchResultCode;
  problems: Problem[];
  entry?: E;
}

/** A classified row that is to be registered: it has its entry. */
export type AcceptedRow<E extends Entry> = ClassifiedRow<E> & { entry: E };

/** Rows that count as done (spec §5: duplicates are added once, already-registered rows are not flagged). */
export const SUCCESSFUL: readonly BatchResultCode[] = ['SUCCESS', 'DUPLICATED_DATA', 'ALREADY_REGISTERED_DATA'];

/** The rows of `rows` still SUCCESS after a check, with their entries. */
export const pendingRows = <E extends Entry>(rows: ClassifiedRow<E>[]): AcceptedRow<E>[] =>
  rows.filter((row): row is AcceptedRow<E> => row.resultCode === 'SUCCESS' && row.entry !== undefined);

export const roleListOf = (text: string) =>
  text
    .split(/[,\s]+/)
    .map((role) => role.trim().toUpperCase())
    .filter(Boolean);

export type Found = Problem & { code: BatchResultCode };
export const problemAt = (column: string, ref: ValidationMessageRef, code: BatchResultCode): Found => ({ column, key: ref.key, ...(ref.params ? { params: ref.params } : {}), code });

/** What the format checks of one row found: its problems, or (with none) what it registers. */
export interface Checked<E extends Entry> {
  problems: Found[];
  entry?: E;
}

/** The member type cell: a code or a display name (NOT_EXIST_PROJECT_MEMBER_TYPE when missing or unknown). */
export function memberTypeOf(cells: Record<string, string>, problems: Found[]) {
  const text = (cells.orgMemberTypeCode ?? '').trim();
  const type = orgMemberTypeOf(text);
  if (!type) problems.push(problemAt('orgMemberTypeCode', { key: text === '' ? 'validation.required' : 'validation.import.memberType' }, 'NOT_EXIST_PROJECT_MEMBER_TYPE'));
  return type;
}

/** An IAM ID cell (lower-cased first): NOT_EXIST_ID when missing, the §5 ID rule otherwise. */
export function userCodeOf(cells: Record<string, string>, problems: Found[]) {
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
export function roleProblem(problem: ValidationMessageRef | undefined, problems: Found[]) {
  if (!problem) return;
  const missing = problem.key === 'validation.roles.required' || problem.key.endsWith('Roles.unknown');
  problems.push(problemAt('roleList', problem, missing ? 'NOT_EXIST_PROJECT_MEMBER_ROLE' : 'INVALID_DATA_FORMAT'));
}
