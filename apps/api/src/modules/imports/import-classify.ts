import {
  IMPORT_TEMPLATE_COLUMNS,
  orgMemberTypeOf,
  textCharacterProblem,
  validationMessage,
  withoutControlCharacters,
  type BatchResult,
  type BatchRowResult,
  type ImportTemplateType,
  type Lang,
  type OrgMemberImportRow,
} from '@console/contracts';
import type { Executor } from '../../db/client.ts';
import type { ImportKind } from './import-kind.ts';
import { problemAt, roleListOf, SUCCESSFUL, type ClassifiedRow, type Entry, type Found, type Scope } from './import-rows.ts';
import { orgMemberImport } from './org-member-import.ts';
import { projectImport } from './project-import.ts';
import { projectMemberImport } from './project-member-import.ts';

/** The imports there are: organization members (invitations, IAM accounts), project members and projects. */
export type ImportType = ImportTemplateType;

export const IMPORT_KINDS: Readonly<Record<ImportType, ImportKind>> = {
  ORG_MEMBER: orgMemberImport,
  PROJECT_MEMBER: projectMemberImport,
  PROJECT: projectImport,
};

/** The columns a row of `type` has: the template's. Other fields of a JSON row are dropped, never stored. */
const columnsOf = (type: ImportType) => IMPORT_TEMPLATE_COLUMNS[type];

/**
 * Format checks of one row; the first problem (in column order) gives the result code. Control
 * characters come first: such a cell is INVALID_DATA_FORMAT whatever its column, and is kept
 * with them replaced by U+FFFD (what is stored and shown back is always text PostgreSQL takes).
 * Tab and line breaks are text (a cell may wrap): the rule of each column a row uses says
 * whether it takes them (names do not: 'Enter one line…'; a role list is split at them).
 */
function checkFormat(kind: ImportKind, rowNumber: number, raw: Record<string, string>): ClassifiedRow {
  const cells: Record<string, string> = {};
  const control: Found[] = [];
  for (const column of columnsOf(kind.type)) {
    const value = raw[column] ?? '';
    if (textCharacterProblem(value, true)) control.push(problemAt(column, { key: 'validation.text.control' }, 'INVALID_DATA_FORMAT'));
    cells[column] = withoutControlCharacters(value);
  }
  const checked: { problems: Found[]; entry?: Entry } = control.length > 0 ? { problems: control } : kind.checkFormat(cells);
  if (checked.problems.length > 0 || !checked.entry) {
    return { rowNumber, cells, resultCode: checked.problems[0]?.code ?? 'INVALID_DATA_FORMAT', problems: checked.problems.map(({ code: _code, ...problem }) => problem) };
  }
  return { rowNumber, cells, resultCode: 'SUCCESS', problems: [], entry: checked.entry };
}

/** Marks every row after the first with the same person (cloud email; IAM ID or email) or project name DUPLICATED_DATA. */
function markDuplicates(kind: ImportKind, rows: ClassifiedRow[]) {
  const seen = new Set<string>();
  for (const row of rows) {
    if (!row.entry) continue;
    const keys = kind.identityKeys(row.entry);
    if (keys.some((key) => seen.has(key))) {
      row.resultCode = 'DUPLICATED_DATA';
      continue;
    }
    for (const key of keys) seen.add(key);
  }
}

/** Classifies rows: format, duplicates within the request, then what the organization already has. */
export async function classify(type: ImportType, executor: Executor, scope: Scope, input: readonly { rowNumber: number; cells: Record<string, string> }[], now: Date) {
  const kind = IMPORT_KINDS[type];
  const rows = input.map((row) => checkFormat(kind, row.rowNumber, row.cells));
  markDuplicates(kind, rows);
  await kind.markRegistered(executor, scope, rows, now);
  return rows;
}

/** JSON rows as cells: the columns of the type's template (the other fields are ignored, never stored). */
export const rowsFromJson = (type: ImportType, rows: readonly OrgMemberImportRow[]) =>
  rows.map((row, index) => ({
    rowNumber: row.rowNumber ?? index + 2,
    cells: Object.fromEntries(columnsOf(type).map((column) => [column, row[column as keyof OrgMemberImportRow] as string])),
  }));

const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

export function toRowResult(row: ClassifiedRow, lang: Lang): BatchRowResult {
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
