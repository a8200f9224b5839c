import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * The answers' serializer (issue 8, sixth pass): each route's response schema compiled once into a
 * writer of JSON text, instead of encoding every answer with zod and then `JSON.stringify`-ing the
 * copy zod made. The text is the same, byte for byte, and so is what is refused:
 *
 * - An object writes its declared keys in the schema's order and nothing else (undeclared fields
 *   are stripped, as zod strips them); a key whose value is undefined is left out, as
 *   `JSON.stringify` leaves it out of zod's copy.
 * - Every value is checked as zod checks it — the type (a finite number, a string, a boolean, an
 *   object that is not an array…), enum and literal values, nullable, optional, the union's first
 *   matching option, a safe integer where `.int()` says so. What the writer does not check itself
 *   (any other check: lengths, formats, regexes, an overwrite such as trim; records, lazy schemas,
 *   defaults, pipes, anything else) is encoded by zod for that part only, and written as
 *   `JSON.stringify` writes it.
 * - A value the writer refuses is handed, whole, to the zod serializer this replaces: the same
 *   ResponseSerializationError for an answer that does not match its contract (500 INTERNAL_ERROR,
 *   platform/envelope.ts), the same text if zod accepts what the writer was too strict for.
 *
 * `serializer.test.ts` holds it to that: for generated values of every endpoint's response schema,
 * conforming or not, the text is zod's or both refuse.
 */

/** A value the writer does not take as its schema says: zod decides. */
const MISMATCH: unique symbol = Symbol('mismatch');
/** JSON text; undefined: nothing to write (a key left out; `null` in an array, as JSON.stringify writes it). */
type Written = string | undefined | typeof MISMATCH;
export type Writer = (value: unknown) => Written;

interface Def {
  readonly type: string;
  readonly checks?: readonly { _zod: { def: { check: string; format?: string } } }[];
  readonly coerce?: boolean;
  readonly [key: string]: unknown;
}
const defOf = (schema: $ZodType): Def => schema._zod.def as unknown as Def;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A part zod encodes (what the writer does not check itself), written as JSON.stringify writes it. */
const byZod =
  (schema: $ZodType): Writer =>
  (value) => {
    try {
      const result = z.safeEncode(schema as z.ZodType, value);
      return result.success ? (JSON.stringify(result.data) as string | undefined) : MISMATCH;
    } catch {
      // A transform that cannot encode, say: the whole answer goes to zod, which throws as it did.
      return MISMATCH;
    }
  };

const plainString: Writer = (value) => (typeof value === 'string' ? JSON.stringify(value) : MISMATCH);
const plainNumber: Writer = (value) => (typeof value === 'number' && Number.isFinite(value) ? `${value}` : MISMATCH);
const safeInteger: Writer = (value) => (Number.isSafeInteger(value) ? `${value as number}` : MISMATCH);
const plainBoolean: Writer = (value) => (value === true ? 'true' : value === false ? 'false' : MISMATCH);
const onlyNull: Writer = (value) => (value === null ? 'null' : MISMATCH);
const anything: Writer = (value) => JSON.stringify(value) as string | undefined;

const checksOf = (def: Def) => def.checks ?? [];

function objectWriter(def: Def, compile: (schema: $ZodType) => Writer): Writer | undefined {
  const shape = def.shape as Record<string, $ZodType>;
  // Only zod's default (strip): a catchall, strict or loose object, or object-level checks, go to zod.
  if (def.catchall !== undefined || checksOf(def).length > 0) return undefined;
  const keys = Object.keys(shape);
  if (keys.includes('__proto__') || Object.getOwnPropertySymbols(shape).length > 0) return undefined;
  const prefixes = keys.map((key) => `${JSON.stringify(key)}:`);
  const writers = keys.map((key) => compile(shape[key]!));
  const count = keys.length;
  return (value) => {
    if (!isObject(value)) return MISMATCH;
    let out = '{';
    for (let index = 0; index < count; index++) {
      const written = writers[index]!(value[keys[index]!]);
      if (written === undefined) continue;
      if (written === MISMATCH) return MISMATCH;
      out += out.length === 1 ? prefixes[index]! + written : `,${prefixes[index]!}${written}`;
    }
    return `${out}}`;
  };
}

function arrayWriter(def: Def, compile: (schema: $ZodType) => Writer): Writer | undefined {
  if (checksOf(def).length > 0) return undefined;
  const element = compile(def.element as $ZodType);
  return (value) => {
    if (!Array.isArray(value)) return MISMATCH;
    let out = '[';
    for (let index = 0; index < value.length; index++) {
      const written = element(value[index]);
      if (written === MISMATCH) return MISMATCH;
      out += `${index === 0 ? '' : ','}${written ?? 'null'}`;
    }
    return `${out}]`;
  };
}

/** The writer of one schema, or undefined when zod must encode it (see byZod). */
function writerOf(schema: $ZodType, compile: (schema: $ZodType) => Writer): Writer | undefined {
  const def = defOf(schema);
  const checks = checksOf(def);
  switch (def.type) {
    case 'object':
      return objectWriter(def, compile);
    case 'array':
      return arrayWriter(def, compile);
    case 'string':
      // A format (z.uuid(), z.email()…) is a check of the schema itself: zod's.
      return def.coerce || def.format !== undefined || checks.length > 0 ? undefined : plainString;
    case 'number': {
      if (def.coerce) return undefined;
      // z.int() (the format of the schema itself) or z.number().int() (a check): zod takes exactly the safe integers.
      const formats = [...(def.format === undefined ? [] : [def.format]), ...checks.map((check) => (check._zod.def.check === 'number_format' ? check._zod.def.format : check._zod.def.check))];
      if (formats.length === 0) return plainNumber;
      return formats.every((format) => format === 'safeint') ? safeInteger : undefined;
    }
    case 'boolean':
      return def.coerce || checks.length > 0 ? undefined : plainBoolean;
    case 'null':
      return onlyNull;
    case 'unknown':
    case 'any':
      return anything;
    case 'enum':
    case 'literal': {
      const values = schema._zod.values;
      if (!values || checks.length > 0) return undefined;
      for (const each of values) if (typeof each !== 'string' && typeof each !== 'number' && typeof each !== 'boolean' && each !== null) return undefined;
      return (value) => (values.has(value as never) ? (JSON.stringify(value) as string) : MISMATCH);
    }
    case 'nullable': {
      const inner = compile(def.innerType as $ZodType);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'optional': {
      const inner = compile(def.innerType as $ZodType);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'union': {
      // A discriminated union picks its option by the discriminator: zod's own reading.
      if (def.discriminator !== undefined || checks.length > 0) return undefined;
      const options = (def.options as $ZodType[]).map(compile);
      return (value) => {
        for (const option of options) {
          const written = option(value);
          if (written !== MISMATCH) return written;
        }
        return MISMATCH;
      };
    }
    default:
      return undefined;
  }
}

/** The writer of a response schema: its own where it can, zod's for the parts it cannot (see above). */
export function compileWriter(schema: $ZodType): Writer {
  const compiled = new Map<$ZodType, Writer>();
  const compile = (part: $ZodType): Writer => {
    const known = compiled.get(part);
    if (known) return known;
    // A schema met again while it is compiled (a recursive one) reaches its writer through this.
    let writer: Writer | undefined;
    compiled.set(part, (value) => writer!(value));
    writer = writerOf(part, compile) ?? byZod(part);
    compiled.set(part, writer);
    return writer;
  };
  return compile(schema);
}

/** Whether a schema is written without zod anywhere in it (the hot lists are; serializer.test.ts pins it). */
export function writtenWithoutZod(schema: $ZodType): boolean {
  const seen = new Set<$ZodType>();
  const walk = (part: $ZodType): boolean => {
    if (seen.has(part)) return true;
    seen.add(part);
    if (writerOf(part, () => () => undefined) === undefined) return false;
    const def = defOf(part);
    if (def.type === 'object') return Object.values(def.shape as Record<string, $ZodType>).every(walk);
    if (def.type === 'array') return walk(def.element as $ZodType);
    if (def.type === 'nullable' || def.type === 'optional') return walk(def.innerType as $ZodType);
    if (def.type === 'union') return (def.options as $ZodType[]).every(walk);
    return true;
  };
  return walk(schema);
}

const zodSerializerCompiler = createSerializerCompiler({});

const resolveSchema = (schema: unknown): $ZodType | undefined =>
  schema instanceof $ZodType
    ? schema
    : typeof schema === 'object' && schema !== null && (schema as { properties?: unknown }).properties instanceof $ZodType
      ? ((schema as { properties: $ZodType }).properties)
      : undefined;

/**
 * Fastify's serializer compiler for every route with a response schema: the compiled writer, and
 * the zod serializer of fastify-type-provider-zod for an answer the writer does not take.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const schema = resolveSchema(route.schema);
  if (!schema) return viaZod;
  const write = compileWriter(schema);
  return (data) => {
    const written = write(data);
    return typeof written === 'string' ? written : viaZod(data);
  };
};
