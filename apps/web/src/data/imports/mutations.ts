import { downloadImportTemplate } from '@console/contracts/refs/imports';
import { callApi } from '../../shared/api/client.ts';
import { projectIdOf, scopeParams, type ImportKind } from './import-kinds.ts';
import { downloadFile, uploadFile } from './transfer.ts';

/** A row of the dry-run table as the calls take it: its number in the file and its cells by column. */
export interface ImportRowInput {
  readonly rowNumber: number;
  readonly cells: Readonly<Record<string, string>>;
}

// The three kinds' calls share their shapes (import-kinds.ts); the params and rows are the kind's own.
const paramsOf = (kind: ImportKind, scopeId: string) => scopeParams(kind, scopeId) as never;
const rowsOf = (rows: readonly ImportRowInput[]) => rows.map((row) => ({ rowNumber: row.rowNumber, ...row.cells }));

/** Checks an uploaded file without registering anything (the dry run). */
export const validateImportFile = (kind: ImportKind, scopeId: string, file: File) => uploadFile(kind.calls.validate, paramsOf(kind, scopeId), file);

/** Checks the rows as edited in the dry-run table. */
export const validateImportRows = (kind: ImportKind, scopeId: string, rows: readonly ImportRowInput[]) =>
  callApi(kind.calls.validateRows, { params: paramsOf(kind, scopeId), projectId: projectIdOf(kind, scopeId), body: { rows: rowsOf(rows) as never } });

/** Starts the import job: from the file as uploaded, or from the rows as edited. */
export const startImport = (kind: ImportKind, scopeId: string, source: { file: File } | { rows: readonly ImportRowInput[] }) =>
  'file' in source
    ? uploadFile(kind.calls.start, paramsOf(kind, scopeId), source.file)
    : callApi(kind.calls.startRows, { params: paramsOf(kind, scopeId), projectId: projectIdOf(kind, scopeId), body: { rows: rowsOf(source.rows) as never } });

/** Saves the kind's empty template. */
export const downloadImportTemplateFile = (kind: ImportKind) =>
  downloadFile(downloadImportTemplate, { params: { type: kind.type } }, `${kind.type.toLowerCase()}-template.xlsx`);

/** Saves the dry run's result for the rows as they stand, one line per row with its problems. */
export const downloadValidationReport = (kind: ImportKind, scopeId: string, rows: readonly ImportRowInput[]) =>
  downloadFile(kind.calls.validationReport, { params: paramsOf(kind, scopeId), body: { rows: rowsOf(rows) } }, 'import-validation-report.xlsx');
