import { z } from 'zod';
import { defineEndpoint, orgPermission, projectPermission, SESSION } from './endpoint.ts';
import { multiline } from './validation.ts';
import { IMPORT_TEMPLATE_TYPES, IMPORT_MAX_ROWS } from './imports-constants.ts';

export * from './imports-constants.ts';

/**
 * A cell as the browser re-sends it. Tab and line breaks pass here (a cell of a file may hold
 * them): the row's checks refuse them in a single-line column as that row's INVALID_DATA_FORMAT,
 * so one such cell does not refuse the whole request. Other control characters are refused (400).
 */
const cell = (max: number) => multiline(z.string().max(max)).default('');

/** One row as the browser re-sends it (cells as text, the columns of its template type; the row number of the file, if any). */
export const OrgMemberImportRowSchema = z.object({
  rowNumber: z.number().int().min(1).max(IMPORT_MAX_ROWS + 1).optional(),
  orgMemberTypeCode: cell(200),
  email: cell(500),
  roleList: cell(1000),
  userCode: cell(500),
  name: cell(500),
  // PROJECT rows
  projectName: cell(500),
  ownerEmail: cell(500),
  projectDescription: cell(1000),
});
export type OrgMemberImportRow = z.output<typeof OrgMemberImportRowSchema>;

export const BATCH_RESULT_CODES = [
  'SUCCESS',
  'ALREADY_REGISTERED_DATA',
  'DUPLICATED_DATA',
  'INVALID_DATA_FORMAT',
  'NOT_EXIST_ID',
  'NOT_EXIST_IAM_MEMBER',
  'NOT_EXIST_OWNER_ID',
  'NOT_EXIST_PROJECT_MEMBER_ROLE',
  'NOT_EXIST_PROJECT_MEMBER_TYPE',
  'NOT_EXIST_PROJECT_NAME',
  'FAIL_TO_CREATE_PROJECT',
  'UNAUTHORIZED_USER_CREATE_PROJECTS',
] as const;
export type BatchResultCode = (typeof BATCH_RESULT_CODES)[number];

/** A cell the browser should mark: the column and a message in the caller's language. */
export const ImportCellErrorSchema = z.object({ column: z.string(), message: z.string() });

/** Spec §3 failList item (the failList holds every row that is not registered), plus the row number and cell errors. */
export const BatchRowResultSchema = z.object({
  rowNumber: z.number().int(),
  email: z.string().nullable(),
  orgMemberTypeCode: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  projectName: z.string().nullable(),
  /** A project row's description (so a row fixed in the browser is sent back whole). */
  projectDescription: z.string().nullable(),
  resultCode: z.enum(BATCH_RESULT_CODES),
  roleList: z.array(z.string()),
  successful: z.boolean(),
  userCode: z.string().nullable(),
  name: z.string().nullable(),
  cellErrors: z.array(ImportCellErrorSchema),
});
export type BatchRowResult = z.output<typeof BatchRowResultSchema>;

/** Spec §3 Batch registration result. `rows` lists every row (new ones too), for the re-run screen. */
export const BatchResultSchema = z.object({
  totalCount: z.number().int(),
  successCount: z.number().int(),
  failCount: z.number().int(),
  failList: z.array(BatchRowResultSchema),
  rows: z.array(BatchRowResultSchema),
});
export type BatchResult = z.output<typeof BatchResultSchema>;

export const IMPORT_JOB_STATES = ['WAIT', 'COMPLETE', 'FAIL'] as const;

const OrgParams = z.object({ orgId: z.uuid() });
const JobParams = z.object({ orgId: z.uuid(), asyncJobId: z.uuid() });
/** The file's name: required with a raw body; a form's file part names itself (the query overrides it). */
const FileQuery = z.object({ fileName: z.string().min(1).max(255).optional() });
const RowsBody = z.object({ rows: z.array(OrgMemberImportRowSchema).min(1).max(IMPORT_MAX_ROWS) });

export const downloadImportTemplate = defineEndpoint({
  id: 'cab.downloadImportTemplate',
  method: 'GET',
  path: '/api/cab/v4/templates/:type/download',
  summary: 'Download an import template (.xlsx, headers in the caller language; a binary answer, not the envelope)',
  tag: 'imports',
  access: SESSION,
  params: z.object({ type: z.enum(IMPORT_TEMPLATE_TYPES) }),
  response: z.object({}),
});

export const validateOrgMemberImport = defineEndpoint({
  id: 'cab.validateOrgMemberImport',
  method: 'POST',
  path: '/api/cab/v6/organizations/:orgId/members/import/validate',
  summary: 'Dry run of an organization member file: the .xls/.xlsx as multipart/form-data, or as the raw body (application/octet-stream) with ?fileName=',
  tag: 'imports',
  access: orgPermission('params.orgId', 'Organization.Member.BatchRegister'),
  params: OrgParams,
  query: FileQuery,
  response: z.object({ result: BatchResultSchema }),
});

export const validateOrgMemberImportRows = defineEndpoint({
  id: 'cab.validateOrgMemberImportRows',
  method: 'POST',
  path: '/api/cab/v6/organizations/:orgId/members/import/validate-rows',
  summary: 'Dry run of organization member rows sent as JSON (the re-run of corrected rows)',
  tag: 'imports',
  access: orgPermission('params.orgId', 'Organization.Member.BatchRegister'),
  params: OrgParams,
  body: RowsBody,
  response: z.object({ result: BatchResultSchema }),
});

export const startOrgMemberImport = defineEndpoint({
  id: 'cab.startOrgMemberImport',
  method: 'POST',
  path: '/api/cab/v6/organizations/:orgId/members/import',
  summary: 'Import an organization member file (multipart/form-data, or the raw body with ?fileName=) as an async job',
  tag: 'imports',
  access: orgPermission('params.orgId', 'Organization.Member.BatchRegister'),
  params: OrgParams,
  query: FileQuery,
  response: z.object({ asyncJobId: z.uuid() }),
});

export const startOrgMemberImportRows = defineEndpoint({
  id: 'cab.startOrgMemberImportRows',
  method: 'POST',
  path: '/api/cab/v6/organizations/:orgId/members/import-rows',
  summary: 'Import organization member rows sent as JSON as an async job',
  tag: 'imports',
  access: orgPermission('params.orgId', 'Organization.Member.BatchRegister'),
  params: OrgParams,
  body: RowsBody,
  response: z.object({ asyncJobId: z.uuid() }),
});

export const downloadOrgMemberValidationReport = defineEndpoint({
  id: 'cab.downloadOrgMemberValidationReport',
  method: 'POST',
  path: '/api/cab/v6/organizations/:orgId/members/import/validation-report',
  summary: 'The rows of a dry run that are not registered, reasons in the caller language (.xlsx; binary answer)',
  tag: 'imports',
  access: orgPermission('params.orgId', 'Organization.Member.BatchRegister'),
  params: OrgParams,
  body: RowsBody,
  response: z.object({}),
});

export const getOrgMemberImport = defineEndpoint({
  id: 'cab.getOrgMemberImport',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/members/import/:asyncJobId',
  summary: 'State, progress and (when done) the report of an organization member import',
  tag: 'imports',
  access: orgPermission('params.orgId', 'Organization.Member.BatchRegister'),
  params: JobParams,
  response: z.object({
    asyncJobId: z.uuid(),
    state: z.enum(IMPORT_JOB_STATES),
    progress: z.object({ processed: z.number().int(), total: z.number().int() }),
    result: BatchResultSchema.nullable(),
    regDateTime: z.string(),
    /** When the commit transaction began and ended: the commit's own duration, without the queue wait. */
    startedDateTime: z.string().nullable(),
    completedDateTime: z.string().nullable(),
  }),
});

export const downloadOrgMemberImportReport = defineEndpoint({
  id: 'cab.downloadOrgMemberImportReport',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/members/import/:asyncJobId/report',
  summary: 'The rows not registered by an import, with the reason in the caller language (.xlsx; binary answer)',
  tag: 'imports',
  access: orgPermission('params.orgId', 'Organization.Member.BatchRegister'),
  params: JobParams,
  response: z.object({}),
});

// ---- project members (the project of the URL; Project.Member.BatchRegister there) ----

const ProjectParams = z.object({ projectId: z.uuid() });
const ProjectJobParams = z.object({ projectId: z.uuid(), asyncJobId: z.uuid() });
const projectImportAccess = projectPermission('params.projectId', 'Project.Member.BatchRegister');

export const validateProjectMemberImport = defineEndpoint({
  id: 'cab.validateProjectMemberImport',
  method: 'POST',
  path: '/api/cab/v6/projects/:projectId/members/import/validate',
  summary: 'Dry run of a project member file: the .xls/.xlsx as multipart/form-data, or as the raw body (application/octet-stream) with ?fileName=',
  tag: 'imports',
  access: projectImportAccess,
  params: ProjectParams,
  query: FileQuery,
  response: z.object({ result: BatchResultSchema }),
});

export const validateProjectMemberImportRows = defineEndpoint({
  id: 'cab.validateProjectMemberImportRows',
  method: 'POST',
  path: '/api/cab/v6/projects/:projectId/members/import/validate-rows',
  summary: 'Dry run of project member rows sent as JSON (the re-run of corrected rows)',
  tag: 'imports',
  access: projectImportAccess,
  params: ProjectParams,
  body: RowsBody,
  response: z.object({ result: BatchResultSchema }),
});

export const downloadProjectMemberValidationReport = defineEndpoint({
  id: 'cab.downloadProjectMemberValidationReport',
  method: 'POST',
  path: '/api/cab/v6/projects/:projectId/members/import/validation-report',
  summary: 'The rows of a project member dry run that are not registered, reasons in the caller language (.xlsx; binary answer)',
  tag: 'imports',
  access: projectImportAccess,
  params: ProjectParams,
  body: RowsBody,
  response: z.object({}),
});

export const startProjectMemberImport = defineEndpoint({
  id: 'cab.startProjectMemberImport',
  method: 'POST',
  path: '/api/cab/v6/projects/:projectId/members/import',
  summary: 'Import a project member file (multipart/form-data, or the raw body with ?fileName=) as an async job',
  tag: 'imports',
  access: projectImportAccess,
  params: ProjectParams,
  query: FileQuery,
  response: z.object({ asyncJobId: z.uuid() }),
});

export const startProjectMemberImportRows = defineEndpoint({
  id: 'cab.startProjectMemberImportRows',
  method: 'POST',
  path: '/api/cab/v6/projects/:projectId/members/import-rows',
  summary: 'Import project member rows sent as JSON as an async job',
  tag: 'imports',
  access: projectImportAccess,
  params: ProjectParams,
  body: RowsBody,
  response: z.object({ asyncJobId: z.uuid() }),
});

export const getProjectMemberImport = defineEndpoint({
  id: 'cab.getProjectMemberImport',
  method: 'GET',
  path: '/api/cab/v6/projects/:projectId/members/import/:asyncJobId',
  summary: 'State, progress and (when done) the report of a project member import',
  tag: 'imports',
  access: projectImportAccess,
  params: ProjectJobParams,
  response: getOrgMemberImport.response,
});

export const downloadProjectMemberImportReport = defineEndpoint({
  id: 'cab.downloadProjectMemberImportReport',
  method: 'GET',
  path: '/api/cab/v6/projects/:projectId/members/import/:asyncJobId/report',
  summary: 'The rows not registered by a project member import, reasons in the caller language (.xlsx; binary answer)',
  tag: 'imports',
  access: projectImportAccess,
  params: ProjectJobParams,
  response: z.object({}),
});

// ---- projects (Organization.Project.BatchRegister) ----

const projectsImportAccess = orgPermission('params.orgId', 'Organization.Project.BatchRegister');

export const validateProjectImport = defineEndpoint({
  id: 'cab.validateProjectImport',
  method: 'POST',
  path: '/api/cab/v6/organizations/:orgId/projects/import/validate',
  summary: 'Dry run of a project file: the .xls/.xlsx as multipart/form-data, or as the raw body (application/octet-stream) with ?fileName=',
  tag: 'imports',
  access: projectsImportAccess,
  params: OrgParams,
  query: FileQuery,
  response: z.object({ result: BatchResultSchema }),
});

export const validateProjectImportRows = defineEndpoint({
  id: 'cab.validateProjectImportRows',
  method: 'POST',
  path: '/api/cab/v6/organizations/:orgId/projects/import/validate-rows',
  summary: 'Dry run of project rows sent as JSON (the re-run of corrected rows)',
  tag: 'imports',
  access: projectsImportAccess,
  params: OrgParams,
  body: RowsBody,
  response: z.object({ result: BatchResultSchema }),
});

export const downloadProjectValidationReport = defineEndpoint({
  id: 'cab.downloadProjectValidationReport',
  method: 'POST',
  path: '/api/cab/v6/organizations/:orgId/projects/import/validation-report',
  summary: 'The rows of a project dry run that are not registered, reasons in the caller language (.xlsx; binary answer)',
  tag: 'imports',
  access: projectsImportAccess,
  params: OrgParams,
  body: RowsBody,
  response: z.object({}),
});

export const startProjectImport = defineEndpoint({
  id: 'cab.startProjectImport',
  method: 'POST',
  path: '/api/cab/v6/organizations/:orgId/projects/import',
  summary: 'Import a project file (multipart/form-data, or the raw body with ?fileName=) as an async job',
  tag: 'imports',
  access: projectsImportAccess,
  params: OrgParams,
  query: FileQuery,
  response: z.object({ asyncJobId: z.uuid() }),
});

export const startProjectImportRows = defineEndpoint({
  id: 'cab.startProjectImportRows',
  method: 'POST',
  path: '/api/cab/v6/organizations/:orgId/projects/import-rows',
  summary: 'Import project rows sent as JSON as an async job',
  tag: 'imports',
  access: projectsImportAccess,
  params: OrgParams,
  body: RowsBody,
  response: z.object({ asyncJobId: z.uuid() }),
});

export const getProjectImport = defineEndpoint({
  id: 'cab.getProjectImport',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/projects/import/:asyncJobId',
  summary: 'State, progress and (when done) the report of a project import',
  tag: 'imports',
  access: projectsImportAccess,
  params: JobParams,
  response: getOrgMemberImport.response,
});

export const downloadProjectImportReport = defineEndpoint({
  id: 'cab.downloadProjectImportReport',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/projects/import/:asyncJobId/report',
  summary: 'The rows not registered by a project import, reasons in the caller language (.xlsx; binary answer)',
  tag: 'imports',
  access: projectsImportAccess,
  params: JobParams,
  response: z.object({}),
});
