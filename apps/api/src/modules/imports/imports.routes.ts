import {
  downloadImportTemplate,
  downloadOrgMemberImportReport,
  downloadOrgMemberValidationReport,
  downloadProjectMemberImportReport,
  downloadProjectMemberValidationReport,
  downloadProjectImportReport,
  downloadProjectValidationReport,
  getProjectImport,
  startProjectImport,
  startProjectImportRows,
  validateProjectImport,
  validateProjectImportRows,
  getOrgMemberImport,
  getProjectMemberImport,
  IMPORT_FILE_MAX_BYTES,
  startOrgMemberImport,
  startOrgMemberImportRows,
  startProjectMemberImport,
  startProjectMemberImportRows,
  validateOrgMemberImport,
  validateOrgMemberImportRows,
  validateProjectMemberImport,
  validateProjectMemberImportRows,
} from '@console/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { ImportsService, ImportType } from './imports.service.ts';
import { XLSX_CONTENT_TYPE } from './spreadsheet.ts';

/**
 * The spreadsheet arrives as the raw request body (application/octet-stream, or the xlsx / xls
 * media type) with its name in `?fileName=`: no multipart parser is installed, and one raw body is
 * simpler to bound than a form (docs/decisions.md "Batch registration").
 */
const FILE_TYPES = ['application/octet-stream', XLSX_CONTENT_TYPE, 'application/vnd.ms-excel'];
/** JSON rows (the re-run): 1,000 rows of at most ~2.7 KB each. */
const ROWS_BODY_LIMIT = 3 * 1024 * 1024;
const FILE_OPTIONS = { bodyLimit: IMPORT_FILE_MAX_BYTES };
const ROWS_OPTIONS = { bodyLimit: ROWS_BODY_LIMIT };

function sendSpreadsheet(reply: FastifyReply, fileName: string, file: Buffer) {
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(file);
}

export function registerImportRoutes(app: FastifyInstance, deps: { imports: ImportsService }) {
  const { imports } = deps;
  app.addContentTypeParser(FILE_TYPES, { parseAs: 'buffer', bodyLimit: IMPORT_FILE_MAX_BYTES }, (_request, body, done) => done(null, body));

  registerEndpoint(app, downloadImportTemplate, async ({ ctx, params, reply }) => {
    const file = await imports.template(ctx, params.type);
    return sendSpreadsheet(reply, `${params.type.toLowerCase()}-template-${ctx.lang}.xlsx`, file) as never;
  });

  const calls = [
    ['ORG_MEMBER', validateOrgMemberImport, validateOrgMemberImportRows, downloadOrgMemberValidationReport, startOrgMemberImport, startOrgMemberImportRows, getOrgMemberImport, downloadOrgMemberImportReport],
    ['PROJECT', validateProjectImport, validateProjectImportRows, downloadProjectValidationReport, startProjectImport, startProjectImportRows, getProjectImport, downloadProjectImportReport],
    ['PROJECT_MEMBER', validateProjectMemberImport, validateProjectMemberImportRows, downloadProjectMemberValidationReport, startProjectMemberImport, startProjectMemberImportRows, getProjectMemberImport, downloadProjectMemberImportReport],
  ] as const;
  for (const [type, validate, validateRows, validationReport, start, startRows, get, report] of calls) {
    const kind: ImportType = type;
    registerEndpoint(app, validate, ({ ctx, query, request }) => imports.validateFile(ctx, kind, query.fileName, request.body), FILE_OPTIONS);
    registerEndpoint(app, validateRows, ({ ctx, body }) => imports.validateRows(ctx, kind, body.rows), ROWS_OPTIONS);
    registerEndpoint(
      app,
      validationReport,
      async ({ ctx, body, reply }) => sendSpreadsheet(reply, `import-validation-report-${ctx.lang}.xlsx`, await imports.validationReport(ctx, kind, body.rows)) as never,
      ROWS_OPTIONS,
    );
    registerEndpoint(app, start, ({ ctx, query, request }) => imports.startFile(ctx, kind, query.fileName, request.body), FILE_OPTIONS);
    registerEndpoint(app, startRows, ({ ctx, body }) => imports.startRows(ctx, kind, body.rows), ROWS_OPTIONS);
    registerEndpoint(app, get, ({ ctx, params }) => imports.get(ctx, kind, params.asyncJobId));
    registerEndpoint(app, report, async ({ ctx, params, reply }) => {
      const file = await imports.report(ctx, kind, params.asyncJobId);
      return sendSpreadsheet(reply, `import-report-${params.asyncJobId}-${ctx.lang}.xlsx`, file) as never;
    });
  }
}
