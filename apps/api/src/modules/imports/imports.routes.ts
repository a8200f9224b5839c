import * as api from '@console/contracts';
import { IMPORT_FILE_MAX_BYTES, textCharacterProblem, validationMessage } from '@console/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, invalidFields } from '../../platform/errors.ts';
import { registerEndpoint } from '../../platform/routes.ts';
import type { ImportsService, ImportType } from './imports.service.ts';
import { XLSX_CONTENT_TYPE } from './spreadsheet.ts';
import { defineApiModule } from '../../platform/module.ts';
import { createImportsService } from './imports.service.ts';

/**
 * The spreadsheet arrives either as the raw request body (application/octet-stream, or the xlsx /
 * xls media type) with its name in `?fileName=`, or as a `multipart/form-data` form (spec §7
 * "POST form data") whose first file part is the spreadsheet, named by its filename unless
 * `?fileName=` says otherwise (docs/decisions.md "Batch registration").
 */
const FILE_TYPES = ['application/octet-stream', XLSX_CONTENT_TYPE, 'application/vnd.ms-excel'];
/** A form holds the one file and a few small fields at most; the file is bounded as the raw body is. */
const MULTIPART_LIMITS = { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 10, parts: 20, fieldNameSize: 100, fieldSize: 1000, headerPairs: 50 };
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

/** The uploaded file and its name, from a form or from the raw body and `?fileName=`. */
async function uploaded(request: FastifyRequest, queryFileName: string | undefined): Promise<{ fileName: string; file: unknown }> {
  if (!request.isMultipart()) {
    if (queryFileName === undefined) throw invalidFields({ field: 'query.fileName', message: validationMessage('validation.required', request.ctx.lang) });
    return { fileName: queryFileName, file: request.body };
  }
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  let file: Buffer;
  try {
    part = await request.file({ limits: MULTIPART_LIMITS });
    file = part ? await part.toBuffer() : Buffer.alloc(0);
  } catch (error) {
    // The form's own limits answer 413 (PAYLOAD_TOO_LARGE); a form that does not parse is an unreadable upload.
    if ((error as { statusCode?: number }).statusCode === 413) throw error;
    request.log.info({ err: error }, 'imports: unreadable multipart form');
    throw new AppError('IMPORT_FILE_UNREADABLE');
  }
  if (!part) throw invalidFields({ field: 'body.file', message: validationMessage('validation.required', request.ctx.lang) });
  const fileName = queryFileName ?? part.filename;
  // The name a form gives is a text input like any other (it is stored with the import).
  const problem = textCharacterProblem(fileName);
  if (problem) throw invalidFields({ field: 'body.file', message: validationMessage(problem, request.ctx.lang) });
  return { fileName, file };
}

function registerImportRoutes(app: FastifyInstance, deps: { imports: ImportsService }) {
  // Their own scope: the form parser serves these routes only. Loaded with the app (not awaited
  // here), so it inherits every hook the app adds before it is ready.
  void app.register(async (scoped) => {
    await scoped.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
    scoped.addContentTypeParser(FILE_TYPES, { parseAs: 'buffer', bodyLimit: IMPORT_FILE_MAX_BYTES }, (_request, body, done) => done(null, body));
    registerRoutes(scoped, deps.imports);
  });
}

function registerRoutes(app: FastifyInstance, imports: ImportsService) {

  registerEndpoint(app, api.downloadImportTemplate, async ({ ctx, params, reply }) => {
    const file = await imports.template(ctx, params.type);
    return sendSpreadsheet(reply, `${params.type.toLowerCase()}-template-${ctx.lang}.xlsx`, file) as never;
  });

  const calls = [
    ['ORG_MEMBER', api.validateOrgMemberImport, api.validateOrgMemberImportRows, api.downloadOrgMemberValidationReport, api.startOrgMemberImport, api.startOrgMemberImportRows, api.getOrgMemberImport, api.downloadOrgMemberImportReport],
    ['PROJECT', api.validateProjectImport, api.validateProjectImportRows, api.downloadProjectValidationReport, api.startProjectImport, api.startProjectImportRows, api.getProjectImport, api.downloadProjectImportReport],
    ['PROJECT_MEMBER', api.validateProjectMemberImport, api.validateProjectMemberImportRows, api.downloadProjectMemberValidationReport, api.startProjectMemberImport, api.startProjectMemberImportRows, api.getProjectMemberImport, api.downloadProjectMemberImportReport],
  ] as const;
  for (const [type, validate, validateRows, validationReport, start, startRows, get, report] of calls) {
    const kind: ImportType = type;
    registerEndpoint(
      app,
      validate,
      async ({ ctx, query, request }) => {
        const { fileName, file } = await uploaded(request, query.fileName);
        return imports.validateFile(ctx, kind, fileName, file);
      },
      FILE_OPTIONS,
    );
    registerEndpoint(app, validateRows, ({ ctx, body }) => imports.validateRows(ctx, kind, body.rows), ROWS_OPTIONS);
    registerEndpoint(
      app,
      validationReport,
      async ({ ctx, body, reply }) => sendSpreadsheet(reply, `import-validation-report-${ctx.lang}.xlsx`, await imports.validationReport(ctx, kind, body.rows)) as never,
      ROWS_OPTIONS,
    );
    registerEndpoint(
      app,
      start,
      async ({ ctx, query, request }) => {
        const { fileName, file } = await uploaded(request, query.fileName);
        return imports.startFile(ctx, kind, fileName, file);
      },
      FILE_OPTIONS,
    );
    registerEndpoint(app, startRows, ({ ctx, body }) => imports.startRows(ctx, kind, body.rows), ROWS_OPTIONS);
    registerEndpoint(app, get, ({ ctx, params }) => imports.get(ctx, kind, params.asyncJobId));
    registerEndpoint(app, report, async ({ ctx, params, reply }) => {
      const file = await imports.report(ctx, kind, params.asyncJobId);
      return sendSpreadsheet(reply, `import-report-${params.asyncJobId}-${ctx.lang}.xlsx`, file) as never;
    });
  }
}

/** Served through app.ts's scan of the modules (platform/module.ts). */
export const apiModule = defineApiModule((app, platform) => registerImportRoutes(app, { imports: createImportsService(platform) }));
