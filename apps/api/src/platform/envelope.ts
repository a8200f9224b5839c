import type { FieldError, Lang, ResultCodeKey, ValidationMessageKey } from '@console/contracts';
import {
  formatResultMessage,
  HEADERS,
  isValidationMessageKey,
  langOf,
  LOCALE_COOKIE,
  resolveLocale,
  RESULT_CODES,
  validationMessage,
} from '@console/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { cookieIn } from './cookies.ts';
import { AppError } from './errors.ts';
import { pgErrorOf } from './pg-errors.ts';

export const successHeader = { isSuccessful: true, resultCode: 0, resultMessage: 'SUCCESS' } as const;

/**
 * The caller's language. Framework errors (a URL that cannot be decoded) are answered before the
 * request context exists, so the same rule is read from the raw headers then.
 */
const text = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function langOfRequest(request: FastifyRequest): Lang {
  if (request.ctx) return request.ctx.lang;
  const cookie = cookieIn(text(request.headers.cookie) ?? '', LOCALE_COOKIE);
  return langOf(resolveLocale(text(request.headers[HEADERS.lang]) ?? cookie, text(request.headers['accept-language'])));
}

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
      resultMessage: formatResultMessage(key, langOfRequest(request), options.params),
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
    .header(HEADERS.requestId, request.id)
    .send(JSON.stringify(errorBody(request, key, options)));
}

/** INVALID_PARAMETER naming what could not be read, in the caller's language. */
const unreadable = (request: FastifyRequest, reply: FastifyReply, field: string, message: ValidationMessageKey) =>
  sendError(request, reply, 'INVALID_PARAMETER', { fieldErrors: [{ field, message: validationMessage(message, langOfRequest(request)) }] });

/**
 * Errors Fastify raises before or while reading a request, by code: each answers in the envelope
 * with a message of our own instead of the framework's English sentence.
 */
export function sendFrameworkError(request: FastifyRequest, reply: FastifyReply, error: FastifyError) {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return unreadable(request, reply, 'url', 'validation.request.url');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return unreadable(request, reply, 'body', 'validation.request.json');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unreadable(request, reply, 'header.content-type', 'validation.request.contentType');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return unreadable(request, reply, 'body', 'validation.request.length');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendError(request, reply, 'PAYLOAD_TOO_LARGE');
    default:
      return undefined;
  }
}

/** PostgreSQL error codes a request can cause by itself (races the services did not foresee). */
const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';
const PG_INVALID_TEXT = '22P02';
/**
 * Data exceptions (class 22) a value sent by the caller causes when it reaches PostgreSQL although
 * validation let it through: a NUL byte in text (22021; PostgreSQL text cannot hold it), a
 * character the encoding lacks (22P05), a value too long for its column (22001), a number out of
 * range (22003), a malformed or out-of-range date (22007, 22008), a LIKE escape (22025). They are
 * the request's fault, so INVALID_PARAMETER rather than 500 — and a warning, since validation should have
 * named the field.
 */
const PG_BAD_INPUT = new Set(['22021', '22P05', '22001', '22003', '22007', '22008', '22025']);

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
        message: validationMessage(isValidationMessageKey(issue.message) ? issue.message : 'validation.format.invalid', langOfRequest(request), issue.params as Record<string, string | number>),
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
    if (pgCode && PG_BAD_INPUT.has(pgCode)) {
      request.log.warn({ err: error, route: request.routeOptions.url }, 'input refused by PostgreSQL, not by validation');
      return sendError(request, reply, 'INVALID_PARAMETER');
    }
    const framework = sendFrameworkError(request, reply, error);
    if (framework) return framework;
    if (error.statusCode === 413) return sendError(request, reply, 'PAYLOAD_TOO_LARGE');
    if (error.statusCode === 415) return unreadable(request, reply, 'header.content-type', 'validation.request.contentType');
    if (error.statusCode === 400) {
      // Anything else Fastify or a plugin refuses before validation; its English text stays in the log.
      request.log.info({ err: error }, 'request refused before validation');
      return unreadable(request, reply, 'request', 'validation.request.malformed');
    }
    if (error.statusCode === 429) return sendError(request, reply, 'TOO_MANY_REQUESTS', { params: { retryAfter: 60 } });
    // Static file serving refuses directories and paths it will not look up (a name longer than the
    // file system allows: FST_STATIC_FORBIDDEN_PATH) with 403, and misses with 404: to a caller all are "not found".
    if (error.statusCode === 404 || (error.statusCode === 403 && (error.name === 'ForbiddenError' || error.code === 'FST_STATIC_FORBIDDEN_PATH'))) {
      return sendError(request, reply, 'NOT_FOUND');
    }
    if (error.statusCode === 405) return sendError(request, reply, 'METHOD_NOT_ALLOWED');
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, 'INTERNAL_ERROR');
  });
}

// API answers are `cache-control: no-store` unless their route says otherwise: set with the security
// headers, before any hook can refuse the call (platform/security-headers.ts).
