import type { FieldError, ResultCodeKey } from '@console/contracts';
import { formatResultMessage, isValidationMessageKey, RESULT_CODES, validationMessage } from '@console/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';
import { pgErrorOf } from './pg-errors.ts';

export const successHeader = { isSuccessful: true, resultCode: 0, resultMessage: 'SUCCESS' } as const;

function errorBody(
  request: FastifyRequest,
  key: ResultCodeKey,
  options: {
    params?: Readonly<Record<string, string | number>>;
    fieldErrors?: readonly FieldError[] | undefined;
    extra?: Readonly<Record<string, unknown>>;
  } = {},
) {
  const definition = RESULT_CODES[key];
  return {
    header: {
      isSuccessful: false,
      resultCode: definition.code,
      resultMessage: formatResultMessage(key, request.ctx.lang, options.params),
    },
    ...(options.fieldErrors?.length ? { fieldErrors: options.fieldErrors } : {}),
    ...(options.params && Object.keys(options.params).length ? { params: options.params } : {}),
    ...options.extra,
    requestId: request.id,
  };
}

/** Sends a failure answer for a catalogue code. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  key: ResultCodeKey,
  options: Parameters<typeof errorBody>[2] = {},
) {
  return reply
    .status(RESULT_CODES[key].status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(errorBody(request, key, options)));
}

/** PostgreSQL error codes a request can cause by itself (races the services did not foresee). */
const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';
const PG_INVALID_TEXT = '22P02';

/**
 * The one error handler: app errors, validation failures, PostgreSQL constraint errors and the
 * unexpected all leave as the spec envelope; nothing internal reaches the caller.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.key, {
        params: error.params,
        fieldErrors: error.fieldErrors,
        extra: error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const fieldErrors = error.validation.map((issue) => ({
        field: [where === 'querystring' ? 'query' : where, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        // Every issue carries an app message key and its placeholders (platform/validation.ts).
        message: validationMessage(isValidationMessageKey(issue.message) ? issue.message : 'validation.format.invalid', request.ctx.lang, issue.params as Record<string, string | number>),
      }));
      return sendError(request, reply, 'INVALID_PARAMETER', { fieldErrors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return sendError(request, reply, 'INTERNAL_ERROR');
    }
    // drizzle wraps the driver's error; its SQLSTATE is on the cause.
    const pgCode = pgErrorOf(error)?.code ?? (error as { code?: string }).code;
    if (pgCode === PG_UNIQUE_VIOLATION) return sendError(request, reply, 'DUPLICATE_RESOURCE');
    if (pgCode === PG_FOREIGN_KEY_VIOLATION || pgCode === PG_INVALID_TEXT) {
      return sendError(request, reply, 'INVALID_PARAMETER');
    }
    if (error.statusCode === 413 || pgCode === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(request, reply, 'PAYLOAD_TOO_LARGE');
    }
    if (error.statusCode === 415 || pgCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(request, reply, 'INVALID_PARAMETER');
    }
    if (error.statusCode === 400) {
      // Malformed JSON and the like, rejected by Fastify before validation.
      return sendError(request, reply, 'INVALID_PARAMETER', {
        fieldErrors: [{ field: 'body', message: error.message }],
      });
    }
    if (error.statusCode === 429) return sendError(request, reply, 'TOO_MANY_REQUESTS', { params: { retryAfter: 60 } });
    // Static file serving refuses directories (403) and misses (404): to a caller both are "not found".
    if (error.statusCode === 404 || (error.statusCode === 403 && error.name === 'ForbiddenError')) {
      return sendError(request, reply, 'NOT_FOUND');
    }
    if (error.statusCode === 405) return sendError(request, reply, 'METHOD_NOT_ALLOWED');
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, 'INTERNAL_ERROR');
  });
}
