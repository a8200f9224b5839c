/**
 * Writes the schema-free endpoint refs (`refs/<module>.ts`, one per contract file that declares
 * endpoints): `npm run refs -w @console/contracts` after adding or changing an endpoint. The web
 * imports its calls from these, so a page that shows data without a form carries no zod (issue 16,
 * docs/decisions.md "First paint: the web's contracts without zod"); `refs.test.ts` fails while a
 * file is stale.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isEndpoint, type Endpoint } from '../endpoint.ts';

const contractsDir = fileURLToPath(new URL('..', import.meta.url));
const refsDir = fileURLToPath(new URL('.', import.meta.url));

/** What a ref keeps of an endpoint, in a fixed order. */
export function refFields(endpoint: Endpoint): Record<string, unknown> {
  return {
    id: endpoint.id,
    method: endpoint.method,
    path: endpoint.path,
    access: endpoint.access,
    ...(endpoint.handlesAuthErrors === undefined ? {} : { handlesAuthErrors: endpoint.handlesAuthErrors }),
  };
}

const literal = (endpoint: Endpoint) => JSON.stringify(refFields(endpoint));

/**
 * The refs file of one contract module (`text`: its source), or undefined when it declares no
 * endpoint; an endpoint a module re-exports gets its ref beside its declaration only.
 */
export function refsSource(file: string, module: Readonly<Record<string, unknown>>, text: string): string | undefined {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(module).toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!new RegExp(`^export const ${name}\\b`, 'm').test(text)) continue;
    if (isEndpoint(value)) {
      lines.push(`export const ${name}: EndpointRef<typeof contract.${name}> = ${literal(value)};`);
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const members = Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]));
    if (!members.length) continue;
    const type = members.map(([key]) => `  readonly ${key}: EndpointRef<(typeof contract.${name})['${key}']>;`).join('\n');
    const body = members.map(([key, endpoint]) => `  ${key}: ${literal(endpoint)},`).join('\n');
    lines.push(`export const ${name}: {\n${type}\n} = {\n${body}\n};`);
  }
  if (!lines.length) return undefined;
  return [
    `// Generated from ../${file} by \`npm run refs -w @console/contracts\` (refs/generate.ts); do not edit.`,
    `// The endpoints of ${file} without their schemas, for the web's calls (no zod at first paint).`,
    `import type * as contract from '../${file}';`,
    `import type { EndpointRef } from '../endpoint.ts';`,
    '',
    ...lines,
    '',
  ].join('\n');
}

/** Every refs file the contract modules call for, by file name. */
export async function allRefs(): Promise<Map<string, string>> {
  const files = readdirSync(contractsDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts') && file !== 'endpoints.ts' && file !== 'index.ts')
    .toSorted();
  const refs = new Map<string, string>();
  for (const file of files) {
    const module = (await import(new URL(`../${file}`, import.meta.url).href)) as Record<string, unknown>;
    const source = refsSource(file, module, readFileSync(`${contractsDir}${file}`, 'utf8'));
    if (source !== undefined) refs.set(file, source);
  }
  return refs;
}

if (import.meta.main) {
  const refs = await allRefs();
  for (const [file, source] of refs) writeFileSync(`${refsDir}${file}`, source);
  process.stdout.write(`wrote ${refs.size} refs files in ${refsDir}\n`);
}
