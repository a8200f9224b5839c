import type { Endpoint } from '@console/contracts';
import * as fc from 'fast-check';
import type { z } from 'zod';
import { keysOf, sampleOf, plausibleText, type FuzzCase } from './fuzz.ts';

/**
 * Property-based malformed calls (fast-check), derived from each endpoint's zod schemas: a body or
 * query of the right shape (plausible values) in which fast-check puts a value of the WRONG type
 * into one or more fields — a number where text is expected, text where a number, an enum or a
 * uuid is, arrays, objects, nulls where they are not allowed. Every such call must be refused
 * (4xx) and write nothing (platform/fuzz.routes.test.ts checks both). Fields whose schema accepts
 * anything (unknown, transforms, unions) are left plausible; a case without any wrong field is not
 * generated.
 */

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;
const formatOf = (schema: z.ZodType): string | undefined =>
  (schema as unknown as { format?: string }).format ?? (defOf(schema).format as string | undefined);

/** The field's base kind once optional/default wrappers are peeled, and whether null is allowed. */
function kindOf(schema: z.ZodType): { kind: string; nullable: boolean; schema: z.ZodType } {
  let current = schema;
  let nullable = false;
  for (let depth = 0; depth < 10; depth += 1) {
    const def = defOf(current);
    if (def.type === 'nullable') nullable = true;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch'].includes(def.type)) {
      current = def.innerType as z.ZodType;
      continue;
    }
    if (def.type === 'string') {
      const format = formatOf(current);
      return { kind: format === 'uuid' || format === 'email' ? format : 'string', nullable, schema: current };
    }
    return { kind: def.type, nullable, schema: current };
  }
  return { kind: 'unknown', nullable, schema: current };
}

const ANY_JSON = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.string({ maxLength: 8 }),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
);

/** A JSON value that the body field's schema refuses, or undefined when no such value is known. */
function wrongJson(schema: z.ZodType): fc.Arbitrary<unknown> | undefined {
  const { kind, nullable, schema: base } = kindOf(schema);
  const notNull = (arbitrary: fc.Arbitrary<unknown>) => (nullable ? arbitrary.filter((value) => value !== null) : fc.oneof(arbitrary, fc.constant(null)));
  switch (kind) {
    case 'string':
      return notNull(ANY_JSON.filter((value) => typeof value !== 'string'));
    case 'uuid':
      // Text that is no uuid (a uuid has dashes at fixed places), or not text at all.
      return notNull(fc.oneof(fc.string({ maxLength: 12 }).filter((value) => !value.includes('-')), ANY_JSON.filter((value) => typeof value !== 'string')));
    case 'email':
      return notNull(fc.oneof(fc.string({ maxLength: 12 }).filter((value) => !value.includes('@')), ANY_JSON.filter((value) => typeof value !== 'string')));
    case 'number':
    case 'int':
      return notNull(ANY_JSON.filter((value) => typeof value !== 'number'));
    case 'boolean':
      return notNull(ANY_JSON.filter((value) => typeof value !== 'boolean'));
    case 'array':
      return notNull(ANY_JSON.filter((value) => !Array.isArray(value)));
    case 'object':
      return notNull(ANY_JSON.filter((value) => typeof value !== 'object' || Array.isArray(value)));
    case 'enum': {
      const allowed = new Set(Object.values(defOf(base).entries as Record<string, unknown>));
      return notNull(fc.oneof(fc.string({ maxLength: 10 }), ANY_JSON).filter((value) => !allowed.has(value)));
    }
    case 'literal': {
      const allowed = new Set(defOf(base).values as unknown[]);
      return notNull(ANY_JSON.filter((value) => !allowed.has(value)));
    }
    default:
      return undefined;
  }
}

/** A query-string value the query field's schema refuses (query values are text, some coerced). */
function wrongQuery(schema: z.ZodType): fc.Arbitrary<string> | undefined {
  const { kind, schema: base } = kindOf(schema);
  const letters = fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom(...'abcxyz!~') });
  switch (kind) {
    case 'uuid':
      return letters;
    case 'enum': {
      const allowed = new Set(Object.values(defOf(base).entries as Record<string, unknown>).map(String));
      return letters.filter((value) => !allowed.has(value));
    }
    case 'pipe': {
      // z.coerce / preprocess to a number: text without digits is refused.
      const out = kindOf(defOf(base).out as z.ZodType).kind;
      return out === 'number' || out === 'int' ? letters : undefined;
    }
    case 'number':
    case 'int':
      return letters;
    default:
      return undefined;
  }
}

const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> => {
  if (!schema) return {};
  const keys = keysOf(schema);
  let current = schema;
  for (let depth = 0; depth < 10 && defOf(current).type !== 'object'; depth += 1) {
    const def = defOf(current);
    const next = (def.type === 'pipe' ? (defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in) : def.innerType) as z.ZodType | undefined;
    if (!next) return {};
    current = next;
  }
  const shape = (defOf(current).shape ?? {}) as Record<string, z.ZodType>;
  return Object.fromEntries(keys.map((key) => [key, shape[key]!]).filter(([, value]) => value !== undefined));
};

const plausible = { text: plausibleText, uuid: () => '00000000-0000-4000-8000-000000000000', number: () => 1 };

/**
 * `count` generated calls of the endpoint (fast-check with a fixed seed: a failure names its case
 * and repeats), each with at least one field of the wrong type. None when the endpoint has no
 * body or query field whose wrong values are known.
 */
export function arbitraryCases(endpoint: Endpoint, base: string, count: number, seed: number): FuzzCase[] {
  const json = { 'content-type': 'application/json' };
  const bodyShape = endpoint.method === 'GET' ? {} : shapeOf(endpoint.body);
  const bodyWrong = Object.entries(bodyShape).flatMap(([key, schema]) => {
    const arbitrary = wrongJson(schema);
    return arbitrary ? [[key, arbitrary] as const] : [];
  });
  const queryShape = shapeOf(endpoint.query);
  const queryWrong = Object.entries(queryShape).flatMap(([key, schema]) => {
    const arbitrary = wrongQuery(schema);
    return arbitrary ? [[key, arbitrary] as const] : [];
  });
  if (bodyWrong.length === 0 && queryWrong.length === 0) return [];

  const goodBody = endpoint.body && endpoint.method !== 'GET' ? (sampleOf(endpoint.body, plausible) as Record<string, unknown>) : undefined;
  const goodQuery = endpoint.query ? (sampleOf(endpoint.query, plausible) as Record<string, unknown>) : {};
  const fields = [...bodyWrong.map(([key, arbitrary]) => ({ where: 'body' as const, key, arbitrary })), ...queryWrong.map(([key, arbitrary]) => ({ where: 'query' as const, key, arbitrary }))];
  // Which fields go wrong (at least one) and the wrong values for them.
  const caseArbitrary = fc
    .uniqueArray(fc.integer({ min: 0, max: fields.length - 1 }), { minLength: 1, maxLength: Math.min(3, fields.length) })
    .chain((picked) => fc.tuple(fc.constant(picked), fc.tuple(...picked.map((index) => fields[index]!.arbitrary as fc.Arbitrary<unknown>))));

  return fc.sample(caseArbitrary, { numRuns: count, seed }).map(([picked, values]) => {
    const body: Record<string, unknown> | undefined = goodBody && typeof goodBody === 'object' ? { ...goodBody } : undefined;
    const query: Record<string, string> = Object.fromEntries(Object.entries(goodQuery).map(([key, value]) => [key, String(value)]));
    const names: string[] = [];
    picked.forEach((index, position) => {
      const field = fields[index]!;
      const value = values[position];
      if (field.where === 'body' && body) body[field.key] = value;
      else query[field.key] = String(value);
      names.push(`${field.where}.${field.key}=${JSON.stringify(value)?.slice(0, 24)}`);
    });
    const search = new URLSearchParams(query).toString();
    return {
      name: `fast-check wrong type: ${names.join(', ')}`,
      url: search ? `${base}?${search}` : base,
      ...(body ? { headers: json, payload: JSON.stringify(body) } : {}),
    };
  });
}
