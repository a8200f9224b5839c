import { randomUUID } from 'node:crypto';
import type { Endpoint } from '@console/contracts';
import type { z } from 'zod';

/**
 * Malformed requests for an endpoint, generated from its contract: values of the right shape with
 * hostile strings, wrong types, missing fields, bad JSON, and hostile path and query values. Used
 * by the fuzz test over every route (platform/fuzz.routes.test.ts).
 */

/** Strings a field should refuse or store safely, never choke on. */
export const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  '\u0007\u001b[31m\u007f\u0085',
  '\t\r\n',
  '\u202e\ufeff\u200b',
  '\ud800',
  'x'.repeat(20_000),
  "' or 1=1 --",
  '%00%zz',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '',
  ' ',
] as const;

type Def = { type: string; [key: string]: unknown };

const uniqueEmail = () => `fuzz.${randomUUID().slice(0, 8)}@example.com`;
const tag = () => String(Math.floor(Math.random() * 1e6));

/**
 * A value a field of this name would plausibly take, so a call gets past the first rule and a
 * hostile value in one other field reaches deeper code (a row of an import, a stored text).
 */
export function plausibleText(key: string): string {
  const name = key.toLowerCase();
  if (name.includes('email')) return uniqueEmail();
  if (name === 'rolelist') return 'MEMBER';
  if (name === 'orgmembertypecode' || name === 'membertypecode') return 'TOAST_CLOUD';
  if (name === 'usercode') return `fuzz.${tag()}`;
  if (name.includes('password')) return 'Fuzz#2026pass';
  if (name.includes('domain')) return `fuzz-${tag()}`;
  if (name.includes('mobile') || name.includes('phone')) return '010-1234-5678';
  if (name.includes('country')) return 'KR';
  if (name === 'timezone') return 'Asia/Seoul';
  if (name.includes('url')) return '/';
  if (name === 'filename') return 'fuzz.xlsx';
  if (name.includes('description')) return 'Fuzz description';
  if (name.includes('name')) return `Fuzz ${tag()}`;
  return 'fuzz';
}

const plausible: Leaves = { text: plausibleText, uuid: randomUUID, number: () => 1 };

/** The paths of a sample's leaves (object keys, and the first element of arrays). */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length > 0 ? leafPaths(value[0], [...path, 0]) : [path];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => leafPaths(inner, [...path, key]));
  return [path];
}

function withLeaf(value: unknown, path: readonly (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withLeaf(copy[head!], rest, leaf);
  return copy;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;
const formatOf = (schema: z.ZodType): string | undefined =>
  (schema as unknown as { format?: string }).format ?? (defOf(schema).format as string | undefined);

export interface Leaves {
  /** The value of a free-text string (`key`: the field's name). */
  readonly text: (key: string) => unknown;
  /** The value of a uuid field (a fresh uuid keeps the call going past validation). */
  readonly uuid: () => unknown;
  readonly number: () => unknown;
}

/** A value of the schema's shape whose leaves come from `leaves` (every optional field present). */
export function sampleOf(schema: z.ZodType, leaves: Leaves, depth = 0, key = ''): unknown {
  if (depth > 8) return leaves.text(key);
  const def = defOf(schema);
  const inner = (part: string) => sampleOf(def[part] as z.ZodType, leaves, depth + 1, key);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.fromEntries(Object.entries(shape).map(([name, value]) => [name, sampleOf(value, leaves, depth + 1, name)]));
    }
    case 'array':
      return [inner('element')];
    case 'string':
      return formatOf(schema) === 'uuid' ? leaves.uuid() : formatOf(schema) === 'email' ? uniqueEmail() : leaves.text(key);
    case 'number':
    case 'int':
    case 'bigint':
      return leaves.number();
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      // A preprocess or transform takes what its output would; a plain pipe takes its input.
      return defOf(def.in as z.ZodType).type === 'transform' ? inner('out') : inner('in');
    case 'union':
      return sampleOf((def.options as z.ZodType[])[0]!, leaves, depth + 1, key);
    case 'record':
      return { key: inner('valueType') };
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => sampleOf(item, leaves, depth + 1, key));
    default:
      return leaves.text(key);
  }
}

/** The top-level keys of an object schema (through optional, default and pipes), if it is one. */
export function keysOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape as object);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type)) return keysOf(def.innerType as z.ZodType);
  if (def.type === 'pipe') return keysOf((defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in) as z.ZodType);
  return [];
}

export interface FuzzCase {
  readonly name: string;
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly payload?: string | Buffer;
}

const hostileLeaves = (text: unknown, uuid: () => unknown = randomUUID, number: () => unknown = () => 1): Leaves => ({ text: () => text, uuid, number });
const ofShape = (schema: z.ZodType) => sampleOf(schema, plausible);

const deepNesting = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/**
 * The malformed calls of one endpoint. `pathOf(hostile)` fills the path: the scope's ids with the
 * fuzz tenant's (so the call reaches its handler), other parameters with `hostile` when given,
 * else fresh uuids.
 */
export function fuzzCases(endpoint: Endpoint, pathOf: (hostile?: string) => string): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const base = pathOf();
  const json = { 'content-type': 'application/json' };

  // ---- path parameters ----
  if (/:(?!orgId\b|projectId\b)\w+/.test(endpoint.path)) {
    for (const hostile of ['\u0000', 'x'.repeat(3000), '%', '..', 'null', '-1', ' ']) {
      cases.push({ name: `path ${JSON.stringify(hostile.slice(0, 12))}`, url: pathOf(encodeURIComponent(hostile)) });
    }
  }
  cases.push({ name: 'path with a bad percent-encoding', url: `${base}/%E0%A4%A` });

  // ---- query ----
  const queryKeys = keysOf(endpoint.query);
  const withQuery = (entries: [string, string][]) => `${base}?${new URLSearchParams(entries).toString()}`;
  if (endpoint.query) {
    for (const hostile of HOSTILE_STRINGS.slice(0, 8)) {
      cases.push({ name: `query all ${JSON.stringify(hostile.slice(0, 12))}`, url: withQuery(queryKeys.map((key) => [key, hostile])) });
    }
    for (const wrong of ['-1', '1e309', '99999999999999999999', 'true', '[]', '{"a":1}', 'NaN']) {
      cases.push({ name: `query all ${wrong}`, url: withQuery(queryKeys.map((key) => [key, wrong])) });
    }
    cases.push({ name: 'query repeated keys', url: withQuery(queryKeys.flatMap((key) => Array.from({ length: 60 }, (_, index): [string, string] => [key, String(index)]))) });
    const sample = sampleOf(endpoint.query, hostileLeaves('q\u0000')) as Record<string, unknown>;
    cases.push({ name: 'query of the right shape, NUL in text', url: withQuery(Object.entries(sample).map(([key, value]) => [key, String(value)])) });
    const good = ofShape(endpoint.query) as Record<string, unknown>;
    for (const key of Object.keys(good)) {
      const entries = Object.entries({ ...good, [key]: 'a\u0000b' }).map(([name, value]): [string, string] => [name, String(value)]);
      cases.push({ name: `query ${key} with NUL, the rest plausible`, url: withQuery(entries) });
    }
  }
  cases.push({ name: 'query with a bad percent-encoding', url: `${base}?${queryKeys[0] ?? 'x'}=%zz&%E0=1` });

  // ---- body ----
  if (endpoint.method !== 'GET') {
    const send = (name: string, payload: string | Buffer, headers: Record<string, string> = json) => cases.push({ name, url: base, headers, payload });
    if (endpoint.body) {
      for (const hostile of HOSTILE_STRINGS) send(`body of the right shape, text ${JSON.stringify(hostile.slice(0, 12))}`, JSON.stringify(sampleOf(endpoint.body, hostileLeaves(hostile))));
      send('body of the right shape, hostile uuids', JSON.stringify(sampleOf(endpoint.body, hostileLeaves('Fuzz', () => 'a\u0000b'))));
      send('body of the right shape, plain values', JSON.stringify(sampleOf(endpoint.body, hostileLeaves('Fuzz value'))));
      for (const [name, number] of [['huge', 1e308], ['negative', -1], ['fraction', 0.5], ['unsafe', 2 ** 60]] as const) {
        send(`body numbers ${name}`, JSON.stringify(sampleOf(endpoint.body, hostileLeaves('Fuzz', randomUUID, () => number))));
      }
      const keys = keysOf(endpoint.body);
      for (const [name, wrong] of [['numbers', 12345], ['arrays', ['\u0000']], ['objects', { a: '\u0000' }], ['nulls', null], ['booleans', false]] as const) {
        send(`body fields as ${name}`, JSON.stringify(Object.fromEntries(keys.map((key) => [key, wrong]))));
      }
      send('body with every field missing', '{}');
      // One hostile field at a time, the others plausible: the value reaches what stores or compares it.
      const good = ofShape(endpoint.body);
      for (const path of leafPaths(good)) {
        for (const hostile of ['a\u0000b', '\u0007x', 'x'.repeat(5000)]) {
          send(`body ${path.join('.') || '(root)'} = ${JSON.stringify(hostile.slice(0, 6))}, the rest plausible`, JSON.stringify(withLeaf(good, path, hostile)));
        }
      }
    }
    for (const [name, payload] of [
      ['truncated JSON', '{"a":'],
      ['JSON null', 'null'],
      ['JSON array', '[]'],
      ['JSON string', '"\\u0000"'],
      ['JSON number', '123'],
      ['deep nesting', deepNesting(5000)],
      ['prototype pollution', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
      ['empty body', ''],
    ] as const) {
      send(`raw ${name}`, payload);
    }
    send('body over the limit', `{"a":"${'x'.repeat(1_200_000)}"}`);
    send('form-encoded body', 'a=1&b=%00', { 'content-type': 'application/x-www-form-urlencoded' });
    send('XML body', '<a>\u0000</a>', { 'content-type': 'application/xml' });
    send('bytes as a file', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x13, 0x37, 0x00, 0x00]), { 'content-type': 'application/octet-stream' });
    send('JSON content type with a charset of nonsense', '{}', { 'content-type': 'application/json; charset=klingon' });
  }

  // ---- headers ----
  cases.push({ name: 'hostile headers', url: base, headers: { 'project-id': 'x'.repeat(3000), 'x-field-filter': '%00,..', lang: 'xx_YY'.repeat(100), 'x-request-id': '\t' } });
  cases.push({ name: 'conflicting header names', url: base, headers: { 'project-id': randomUUID(), 'x-project-id': randomUUID() } });
  return cases;
}
