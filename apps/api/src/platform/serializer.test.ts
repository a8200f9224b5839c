import { type Endpoint, envelopeOf, listOrgMembers, listProjectMembers, listProjects, listMyProjects, listOrgActivities, listOrgRoleGroups, getProject, getOrgMember, authorizeProject } from '@console/contracts';
import { ENDPOINTS } from '@console/contracts/endpoints';
import * as fc from 'fast-check';
import { createSerializerCompiler, isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { compileWriter, serializerCompiler, writtenWithoutZod } from './serializer.ts';

/** What the compiled serializer replaces: fastify-type-provider-zod's (zod encode, then JSON.stringify). */
const zodCompiler = createSerializerCompiler({});
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });

/** The text a serializer answers, or the kind of error it throws. */
function outcome(serialize: (data: unknown) => string, data: unknown): { text: string } | { error: string } {
  try {
    return { text: serialize(data) };
  } catch (error) {
    return { error: isResponseSerializationError(error) ? 'ResponseSerializationError' : String(error) };
  }
}

type Def = { type: string; [key: string]: unknown };
const internalsOf = (schema: $ZodType) => (schema as unknown as Record<string, unknown>)['_zod'] as { def: Def; values?: ReadonlySet<unknown> };
const defOf = (schema: $ZodType) => internalsOf(schema).def;

/** Text with what JSON must escape: quotes, backslashes, control characters, lone surrogates, non-BMP characters. */
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('', '"', '\\', '\n\t\u0000\u001f', '\u2028\u2029', '\ud800', 'a\udc00b', '한국어 😀', '</script>', 'SUCCESS'),
);
const number = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -0, 1e21, 1.5, -2.25, 2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER, 1e-7, Number.NaN, Number.POSITIVE_INFINITY),
  fc.double(),
);
/** Values of no particular type: what a wrong field might hold. */
const stray = fc.oneof(text, number, fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constant([]), fc.constant({}), fc.date());

/**
 * Values of a schema: mostly of its shape (so the writer's own path is exercised), now and then a
 * stray value anywhere, declared keys left out or set to undefined (`noisy`); undeclared keys in both.
 */
function valuesOf(schema: $ZodType, noisy: boolean, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (part: $ZodType, deeper = depth) => valuesOf(part, noisy, deeper);
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'string':
        // Formats zod checks, so that conforming answers are generated too.
        if (def.format === 'uuid' || def.format === 'guid') return fc.uuid();
        if (def.format === 'email') return fc.emailAddress();
        if (def.format === 'datetime') return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((date) => date.toISOString());
        if (def.format === 'url') return fc.webUrl();
        return text;
      case 'number':
        return number;
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'enum':
      case 'literal':
        return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...(internalsOf(schema).values ?? new Set([null]))) }, { weight: 1, arbitrary: text });
      case 'nullable':
        return fc.oneof(fc.constant(null), inner(def.innerType as $ZodType));
      case 'optional':
        return fc.oneof(fc.constant(undefined), inner(def.innerType as $ZodType));
      case 'union':
        return fc.oneof(...(def.options as $ZodType[]).map((option) => inner(option)));
      case 'array':
        return depth > 4 ? fc.constant([]) : fc.array(inner(def.element as $ZodType, depth + 1), { maxLength: 3 });
      case 'object': {
        if (depth > 4) return fc.constant({});
        const shape = def.shape as Record<string, $ZodType>;
        const entries = Object.entries(shape).map(([key, part]) => fc.tuple(fc.constant(key), noisy ? fc.oneof({ weight: 12, arbitrary: inner(part, depth + 1) }, { weight: 1, arbitrary: fc.constant(undefined) }) : inner(part, depth + 1), fc.integer({ min: noisy ? 0 : 1, max: 30 })));
        return fc.tuple(fc.tuple(...entries), fc.dictionary(fc.constantFrom('extra', 'internalColumn', 'passwordHash', '__x'), stray, { maxKeys: noisy ? 2 : 1 })).map(([fields, extra]) => {
          const value: Record<string, unknown> = {};
          // Undeclared keys first, declared ones in any order: the text follows the schema's order.
          for (const [key, field] of Object.entries(extra)) value[key] = field;
          for (const [key, field, dice] of [...fields].sort((a, b) => a[2] - b[2])) if (dice !== 0) value[key] = field;
          return value;
        });
      }
      case 'record':
        return fc.dictionary(fc.string({ maxLength: 4 }), depth > 4 ? stray : inner(def.valueType as $ZodType, depth + 1), { maxKeys: 3 });
      case 'lazy':
        return depth > 4 ? stray : inner((def.getter as () => $ZodType)(), depth + 1);
      default:
        return stray;
    }
  })();
  return noisy ? fc.oneof({ weight: 30, arbitrary: shaped }, { weight: 1, arbitrary: stray }) : shaped;
}

/** The reads of the bench (scripts/bench-routes.ts): more generated answers each. */
const HOT: readonly Endpoint[] = [listProjects, listMyProjects, getProject, listOrgMembers, getOrgMember, listProjectMembers, listOrgRoleGroups, listOrgActivities, authorizeProject];

describe('the compiled serializer', () => {
  it('writes what zod and JSON.stringify wrote, byte for byte, and refuses what zod refused — every endpoint, generated answers', () => {
    let written = 0;
    let refused = 0;
    for (const endpoint of ENDPOINTS) {
      const hot = HOT.includes(endpoint);
      const schema = envelopeOf(endpoint.response as z.ZodObject);
      const before = zodCompiler(route(schema));
      const now = serializerCompiler(route(schema));
      fc.assert(
        fc.property(fc.oneof(valuesOf(schema, false), valuesOf(schema, true)), (data) => {
          const expected = outcome(before, data);
          expect(outcome(now, data), endpoint.id).toEqual(expected);
          if ('text' in expected) written++;
          else refused++;
        }),
        { numRuns: hot ? 300 : 20 },
      );
    }
    // Both paths were exercised: answers written and answers refused.
    expect(written).toBeGreaterThan(ENDPOINTS.length * 3);
    expect(refused).toBeGreaterThan(ENDPOINTS.length * 3);
  }, 120_000);

  it('writes without zod where it can: every part of the hot lists and reads', () => {
    for (const endpoint of HOT) {
      expect(writtenWithoutZod(envelopeOf(endpoint.response as z.ZodObject)), endpoint.id).toBe(true);
    }
  });

  it('keeps the schema order, leaves undefined and undeclared keys out, and takes the first union option that fits', () => {
    const schema = z.object({
      b: z.string(),
      a: z.number().int().optional(),
      c: z.union([z.object({ x: z.string() }), z.object({ x: z.string(), y: z.string() })]),
      d: z.array(z.enum(['P', 'Q']).nullable()),
      e: z.string().trim(),
    });
    const write = compileWriter(schema);
    expect(write({ secret: 1, e: ' t ', d: ['P', null], c: { y: 'dropped', x: 'kept' }, a: undefined, b: 'b' })).toBe('{"b":"b","c":{"x":"kept"},"d":["P",null],"e":"t"}');
    // A float where .int() is declared, a value outside the enum, a missing field: the writer refuses, zod decides.
    const serialize = serializerCompiler(route(schema));
    for (const wrong of [{ b: 'b', a: 1.5, c: { x: '' }, d: [], e: '' }, { b: 'b', c: { x: '' }, d: ['R'], e: '' }, { c: { x: '' }, d: [], e: '' }]) {
      expect(outcome(serialize, wrong)).toEqual({ error: 'ResponseSerializationError' });
    }
  });
});
