import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * The answers' serializer (issue 8, sixth pass): each route's response schema compiled once into a
 * checker (generated code) that does what zod's encode did for the answer — check every value,
 * copy objects with their declared keys only, in the schema's order — and JSON.stringify writes the
 * copy, as it wrote zod's. The text is the same, byte for byte, and so is what is refused:
 *
 * - An object becomes a new object of its declared keys in the schema's order and nothing else
 *   (undeclared fields are stripped, as zod strips them); an undefined value is left out by
 *   JSON.stringify, as it is from zod's copy.
 * - Every value is checked as zod checks it — the type (a finite number, a string, a boolean, an
 *   object that is not an array…), enum and literal values, nullable, optional, the union's first
 *   matching option, a safe integer where `.int()` says so. What the checker does not check itself
 *   (any other check: lengths, formats, regexes, an overwrite such as trim; records, lazy schemas,
 *   defaults, pipes, anything else) is encoded by zod for that part only.
 * - A value the checker refuses is handed, whole, to the zod serializer this replaces: the same
 *   ResponseSerializationError for an answer that does not match its contract (500 INTERNAL_ERROR,
 *   platform/envelope.ts), the same text if zod accepts what the checker was too strict for.
 *
 * `serializer.test.ts` holds it to that: for generated values of every endpoint's response schema,
 * conforming or not, the text is zod's or both refuse.
 */

/** A value the checker does not take as its schema says: zod decides. */
const MISMATCH: unique symbol = Symbol('mismatch');
/** The value as zod's encode answers it (what JSON.stringify then writes), or MISMATCH. */
export type Checker = (value: unknown) => unknown;

interface Def {
  readonly type: string;
  readonly checks?: readonly object[];
  readonly coerce?: boolean;
  readonly [key: string]: unknown;
}
/** zod's internals of a schema or a check (`_zod`: its definition; a schema's accepted values for enums and literals). */
const internalsOf = (part: object) => (part as Record<string, unknown>)['_zod'] as { def: Def & { check?: string }; values?: ReadonlySet<unknown> };
const defOf = (schema: $ZodType): Def => internalsOf(schema).def;


/** A part zod encodes (what the checker does not check itself): zod's copy of it. */
const byZod =
  (schema: $ZodType): Checker =>
  (value) => {
    try {
      const result = z.safeEncode(schema as z.ZodType, value);
      return result.success ? result.data : MISMATCH;
    } catch {
      // A transform that cannot encode, say: the whole answer goes to zod, which throws as it did.
      return MISMATCH;
    }
  };

const checksOf = (def: Def) => def.checks ?? [];

/**
 * The body of one schema's checker function (`v` in; out the value as zod's encode answers it — a
 * new object of the declared keys in the schema's order for an object — or `M`), or undefined when
 * zod must encode it (see byZod). `call(part)` names the function of a part; `external(x)` names a
 * value the code needs (an enum's values).
 */
function bodyOf(schema: $ZodType, call: (part: $ZodType) => string, external: (value: unknown) => string): string | undefined {
  const def = defOf(schema);
  const checks = checksOf(def);
  switch (def.type) {
    case 'object': {
      // Only zod's default (strip): a catchall, strict or loose object, or object-level checks, go to zod.
      if (def.catchall !== undefined || checks.length > 0) return undefined;
      const shape = def.shape as Record<string, $ZodType>;
      const keys = Object.keys(shape);
      if (keys.includes('__proto__') || Object.getOwnPropertySymbols(shape).length > 0) return undefined;
      // Each key read by its name (one hidden class per row type: monomorphic loads); the copy is an
      // object literal of the declared keys in the schema's order (undefined ones JSON.stringify leaves out, as zod's copy does).
      const reads = keys.map((key, index) => `const a${index} = ${call(shape[key]!)}(v[${JSON.stringify(key)}]); if (a${index} === M) return M;`);
      const copy = keys.map((key, index) => `${JSON.stringify(key)}: a${index}`);
      return `if (typeof v !== 'object' || v === null || Array.isArray(v)) return M; ${reads.join(' ')} return { ${copy.join(', ')} };`;
    }
    case 'array':
      if (checks.length > 0) return undefined;
      return `if (!Array.isArray(v)) return M; const o = []; for (let i = 0; i < v.length; i++) { const t = ${call(def.element as $ZodType)}(v[i]); if (t === M) return M; o.push(t); } return o;`;
    case 'string':
      // A format (z.uuid(), z.email()…) is a check of the schema itself: zod's.
      if (def.coerce || def.format !== undefined || checks.length > 0) return undefined;
      return `return typeof v === 'string' ? v : M;`;
    case 'number': {
      if (def.coerce) return undefined;
      // z.int() (the format of the schema itself) or z.number().int() (a check): zod takes exactly the safe integers.
      const formats = [...(def.format === undefined ? [] : [def.format]), ...checks.map((check) => {
        const { check: kind, format } = internalsOf(check).def;
        return kind === 'number_format' ? format : kind;
      })];
      if (formats.length === 0) return `return typeof v === 'number' && Number.isFinite(v) ? v : M;`;
      return formats.every((format) => format === 'safeint') ? `return Number.isSafeInteger(v) ? v : M;` : undefined;
    }
    case 'boolean':
      if (def.coerce || checks.length > 0) return undefined;
      return `return v === true || v === false ? v : M;`;
    case 'null':
      return `return v === null ? v : M;`;
    case 'unknown':
    case 'any':
      return `return v;`;
    case 'enum':
    case 'literal': {
      const { values } = internalsOf(schema);
      if (!values || checks.length > 0) return undefined;
      for (const each of values) if (typeof each !== 'string' && typeof each !== 'number' && typeof each !== 'boolean' && each !== null) return undefined;
      return `return ${external(values)}.has(v) ? v : M;`;
    }
    case 'nullable':
      return `return v === null ? v : ${call(def.innerType as $ZodType)}(v);`;
    case 'optional':
      return `return v === undefined ? v : ${call(def.innerType as $ZodType)}(v);`;
    case 'union': {
      // A discriminated union picks its option by the discriminator: zod's own reading.
      if (def.discriminator !== undefined || checks.length > 0) return undefined;
      // zod's union answers its first option that takes the value.
      const options = (def.options as $ZodType[]).map((option) => `t = ${call(option)}(v); if (t !== M) return t;`);
      return `let t; ${options.join(' ')} return M;`;
    }
    default:
      return undefined;
  }
}

/**
 * The checker of a response schema: its own where it can, zod's for the parts it cannot (see
 * above). Generated code, one function per part of the schema (as zod's own object parser and
 * fast-json-stringify are); JSON.stringify then writes the copy, as it wrote zod's.
 */
export function compileChecker(schema: $ZodType): Checker {
  const names = new Map<$ZodType, string>();
  const functions: string[] = [];
  const externals: unknown[] = [];
  const external = (value: unknown) => `E[${externals.push(value) - 1}]`;
  const call = (part: $ZodType): string => {
    const known = names.get(part);
    if (known) return known;
    // Named before its body is made: a recursive schema calls itself.
    const name = `f${names.size}`;
    names.set(part, name);
    const body = bodyOf(part, call, external) ?? `return ${external(byZod(part))}(v);`;
    functions.push(`function ${name}(v) { ${body} }`);
    return name;
  };
  const root = call(schema);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- code generated from the contract's schema, no input in it
  return new Function('M', 'E', `'use strict'; ${functions.join('\n')}\nreturn ${root};`)(MISMATCH, externals) as Checker;
}

/** The writer of a response schema: the checked copy as JSON text, or MISMATCH. */
export function compileWriter(schema: $ZodType): (value: unknown) => string | undefined | typeof MISMATCH {
  const check = compileChecker(schema);
  return (value) => {
    const copy = check(value);
    return copy === MISMATCH ? MISMATCH : (JSON.stringify(copy) as string | undefined);
  };
}

/** Whether a schema is checked without zod anywhere in it (the hot lists are; serializer.test.ts pins it). */
export function writtenWithoutZod(schema: $ZodType): boolean {
  const seen = new Set<$ZodType>();
  const walk = (part: $ZodType): boolean => {
    if (seen.has(part)) return true;
    seen.add(part);
    if (bodyOf(part, () => 'f', () => 'E') === undefined) return false;
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
 * Fastify's serializer compiler for every route with a response schema: the compiled checker and
 * JSON.stringify, and the zod serializer of fastify-type-provider-zod for an answer the checker does not take.
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
