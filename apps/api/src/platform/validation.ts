import { controlCharacterIssues, issueMessage, type IssueLike, type ValidationMessageRef } from '@console/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/** The mark fastify-type-provider-zod puts on its validation issues (the error handler looks for it). */
const ZOD_VALIDATION_ISSUE = Symbol.for('ZodFastifySchemaValidationError');

/** A failed check as Fastify carries it to the error handler: `message` is a message key, `params` its placeholders. */
export interface KeyedValidationIssue {
  readonly [ZOD_VALIDATION_ISSUE]: true;
  readonly keyword: string;
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly message: ValidationMessageRef['key'];
  readonly params: NonNullable<ValidationMessageRef['params']>;
}

const issueAt = (path: readonly PropertyKey[], keyword: string, message: ValidationMessageRef): KeyedValidationIssue => ({
  [ZOD_VALIDATION_ISSUE]: true,
  keyword,
  instancePath: `/${path.map(String).join('/')}`,
  schemaPath: `#/${path.map(String).join('/')}/${keyword}`,
  message: message.key,
  params: message.params ?? {},
});

/**
 * The validator of every route (params, query, body): the contract's zod schema, plus two things
 * it does not do by itself.
 * - Every text the schema keeps is refused when it holds a control character (tab and line breaks
 *   are allowed only in `multiline` fields): one rule for every route, so a NUL byte never reaches
 *   PostgreSQL (docs/decisions.md "Text inputs").
 * - Each failure carries the app's own message key and its placeholders (`issueMessage`), never
 *   zod's English text: the error handler words it in the caller's language.
 * The answer keeps fastify-type-provider-zod's issue shape, so the error handler treats both alike.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const control = controlCharacterIssues(schema, data);
    const result = schema.safeParse(data, { reportInput: true });
    if (control.length === 0 && result.success) return { value: result.data };
    const refused = new Set(control.map((issue) => issue.path.join('/')));
    const issues = [
      ...control.map((issue) => issueAt(issue.path, 'custom', { key: issue.key })),
      ...(result.error?.issues ?? [])
        // A text already refused for its characters says only that.
        .filter((issue) => !refused.has(issue.path.map(String).join('/')))
        .map((issue) => issueAt(issue.path, issue.code, issueMessage(issue as unknown as IssueLike))),
    ];
    return { error: issues as unknown as Error };
  };
