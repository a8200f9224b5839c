import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isEndpoint, type Endpoint } from './endpoint.ts';

/** The endpoints a contract module exports: each one, and each one a level inside an exported group (alarms' `orgAlarmGroups`). */
function endpointsOf(module: Readonly<Record<string, unknown>>): Endpoint[] {
  return Object.values(module).flatMap((value) => {
    if (isEndpoint(value)) return [value];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return Object.values(value).filter(isEndpoint);
    return [];
  });
}

const folder = fileURLToPath(new URL('.', import.meta.url));
const contractFiles = readdirSync(folder)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts') && file !== 'endpoints.ts' && file !== 'index.ts')
  .toSorted();
const modules = await Promise.all(contractFiles.map((file) => import(new URL(file, import.meta.url).href) as Promise<Record<string, unknown>>));

/**
 * Every endpoint of the API, collected from the contract files of this folder: a module's
 * endpoints are here as soon as its contract file declares them, with nothing to list (a contract
 * lands with the server module that serves it: the platform's tests check each one is served).
 * Read by the tests (server registration, permission matrix, fuzz, activity rules, permissions);
 * it reads this folder with node:fs, so only Node imports it, never the web.
 */
export const ENDPOINTS: readonly Endpoint[] = [...new Set(modules.flatMap(endpointsOf))];
