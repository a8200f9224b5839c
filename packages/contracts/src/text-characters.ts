import { z } from 'zod';
import type { ValidationMessageKey } from './validation-messages.ts';

// ---- control characters (every text input of every call) ----

// oxlint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Tab and line breaks: text, but only in a multi-line field. */
const TAB_OR_LINE_BREAK = /[\t\n\r]/;
/** The single-line rule as a check of a name schema (it says so before the name's own pattern does). */
export const isOneLine = (value: string) => !TAB_OR_LINE_BREAK.test(value);

/**
 * What is wrong with a text input's characters, if anything: C0 and C1 control characters and DEL
 * are refused everywhere ('validation.text.control'; NUL would even fail in PostgreSQL); tab, CR
 * and LF only in a single-line field ('validation.text.singleLine'). Multi-line fields are the
 * ones marked with `multiline` (descriptions). See docs/decisions.md "Text inputs".
 */
export function textCharacterProblem(value: string, multilineField = false): ValidationMessageKey | undefined {
  if (CONTROL_CHARACTER.test(value)) return 'validation.text.control';
  if (!multilineField && TAB_OR_LINE_BREAK.test(value)) return 'validation.text.singleLine';
  return undefined;
}

/** Replaces the characters `textCharacterProblem` refuses everywhere by U+FFFD (a value to store or show back). */
export const withoutControlCharacters = (value: string): string => value.replace(new RegExp(CONTROL_CHARACTER.source, 'g'), '\uFFFD');

const MULTILINE = new WeakSet<object>();

/** Marks a text schema as multi-line: tab, CR and LF are allowed in it (other control characters never are). */
export function multiline<T extends z.ZodType>(schema: T): T {
  MULTILINE.add(schema);
  return schema;
}

interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { def: SchemaDef }).def;

/** A schema and what it wraps (optional, default, pipes, unions…): the schemas a value may meet. */
function variantsOf(schema: z.ZodType | undefined, into: z.ZodType[] = [], depth = 0): z.ZodType[] {
  if (!schema || depth > 16 || into.includes(schema)) return into;
  into.push(schema);
  const def = defOf(schema);
  const next = [def.innerType, def.in, def.out, def.left, def.right, ...(def.options ?? []), def.type === 'lazy' ? def.getter?.() : undefined];
  for (const inner of next) variantsOf(inner, into, depth + 1);
  return into;
}

/** Schemas under which anything is kept as sent (its text is checked all the way down). */
const KEEPS_ANYTHING = new Set(['any', 'unknown']);

interface Where {
  schemas: z.ZodType[];
  /** Inside an any/unknown value: everything below is kept, so everything is checked (single-line). */
  anything: boolean;
}

function childOf(where: Where, key: string | number): Where {
  if (where.anything) return where;
  const schemas: z.ZodType[] = [];
  let anything = false;
  for (const schema of where.schemas) {
    const def = defOf(schema);
    if (KEEPS_ANYTHING.has(def.type)) anything = true;
    else if (def.type === 'object' && typeof key === 'string') {
      const child = Object.hasOwn(def.shape ?? {}, key) ? def.shape![key] : def.catchall;
      if (child) variantsOf(child, schemas);
    } else if (def.type === 'record' && typeof key === 'string') variantsOf(def.valueType, schemas);
    else if (def.type === 'array' && typeof key === 'number') variantsOf(def.element, schemas);
    else if (def.type === 'tuple' && typeof key === 'number') variantsOf(def.items?.[key] ?? def.rest ?? undefined, schemas);
  }
  return { schemas, anything };
}

/** Whether a map's keys are kept (a record, or anything): then they are text inputs too. */
const keepsKeys = (where: Where) => where.anything || where.schemas.some((schema) => defOf(schema).type === 'record');

export interface ControlCharacterIssue {
  readonly path: readonly (string | number)[];
  readonly key: ValidationMessageKey;
}

/** Whether any string of `value`, or any key of its objects, would be refused in a single-line field. */
function anyTextProblem(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return textCharacterProblem(value) !== undefined;
  if (value === null || typeof value !== 'object') return false;
  // Deeper than the walk goes: let the walk decide.
  if (depth > 64) return true;
  if (Array.isArray(value)) return value.some((item) => anyTextProblem(item, depth + 1));
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (textCharacterProblem(key) !== undefined || anyTextProblem((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * Every text of an input (a body, a query, path parameters) that `textCharacterProblem` refuses,
 * walked with the schema that takes it: strings the schema keeps — its fields, list items, record
 * keys and values, and all of an any/unknown value — are checked; fields the schema drops are not
 * (they never reach the service). Tab and line breaks are allowed where the schema is `multiline`.
 */
export function controlCharacterIssues(schema: z.ZodType, input: unknown): ControlCharacterIssue[] {
  // The usual input holds no text a single-line field would refuse: nothing to walk the schema for
  // (multi-line fields only allow more, so the walk could find nothing either).
  if (!anyTextProblem(input, 0)) return [];
  const issues: ControlCharacterIssue[] = [];
  const walk = (value: unknown, where: Where, path: (string | number)[], depth: number) => {
    // A value no schema takes is dropped (an unknown field): it never reaches a service.
    if (issues.length >= 100 || depth > 64 || (!where.anything && where.schemas.length === 0)) return;
    if (typeof value === 'string') {
      const problem = textCharacterProblem(value, !where.anything && where.schemas.some((candidate) => MULTILINE.has(candidate)));
      if (problem) issues.push({ path, key: problem });
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, childOf(where, index), [...path, index], depth + 1));
      return;
    }
    const withKeys = keepsKeys(where);
    for (const [key, item] of Object.entries(value)) {
      if (withKeys) {
        const problem = textCharacterProblem(key);
        if (problem) issues.push({ path: [...path, key], key: problem });
      }
      walk(item, childOf(where, key), [...path, key], depth + 1);
    }
  };
  walk(input, { schemas: variantsOf(schema), anything: false }, [], 0);
  return issues;
}
