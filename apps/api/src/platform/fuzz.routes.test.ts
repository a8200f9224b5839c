import { randomUUID } from 'node:crypto';
import type { Endpoint } from '@console/contracts';
import { ENDPOINTS } from '@console/contracts/endpoints';
import { beforeAll, describe, expect, it } from 'vitest';
import { orgDomains } from '../db/schema/index.ts';
import { createMember, createOrg, createProject, FIXTURE_PASSWORD } from '../test/fixtures.ts';
import { fuzzCases } from '../test/fuzz.ts';
import { buildTestApp, type Caller, type TestApp } from '../test/helper.ts';

/**
 * Every route of the contracts, called with malformed input generated from its own schemas
 * (test/fuzz.ts): hostile strings (NUL and other control characters, huge, bidi, lone
 * surrogates), wrong types, missing fields, bad JSON, hostile path, query and header values. As
 * an organization's OWNER, so calls get past the permission check to validation and handlers.
 * No call may answer 5xx, and every answer is the spec envelope with a request id (a spreadsheet
 * download's success aside).
 */
let t: TestApp;
let owner: Caller;
let ids: { orgId: string; projectId: string };

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000000' });
  const member = await createMember(t.db, 'fuzz.owner@fuzz.example.com', { name: 'Fuzz Owner' });
  const org = await createOrg(t.db, 'Fuzz Org', member.id);
  await t.db.insert(orgDomains).values({ orgId: org.id, domainName: 'fuzz-org' });
  const project = await createProject(t.db, org.id, 'Fuzz Project', member.id, [{ memberId: member.id, roleCodes: ['ADMIN'] }]);
  ids = { orgId: org.id, projectId: project.id };
  owner = await t.login('fuzz.owner@fuzz.example.com', FIXTURE_PASSWORD);
});

/** Reads first, then changes, deletions and sign-out last: a deleted project or ended session would hide the rest. */
const rank = (endpoint: Endpoint) =>
  endpoint.id === 'auth.logout' ? 3 : endpoint.method === 'DELETE' ? 2 : endpoint.method === 'GET' ? 0 : 1;
const ORDERED = [...ENDPOINTS].sort((a, b) => rank(a) - rank(b));

const pathOf = (endpoint: Endpoint) => (hostile?: string) =>
  endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
    name === 'orgId' ? ids.orgId : name === 'projectId' ? ids.projectId : (hostile ?? randomUUID()),
  );

interface Problem {
  readonly call: string;
  readonly status: number;
  readonly body: string;
}

/** What is wrong with an answer, if anything: a 5xx, or a body outside the spec envelope. */
function problemOf(response: Awaited<ReturnType<TestApp['app']['inject']>>): string | undefined {
  if (response.statusCode >= 500) return `status ${response.statusCode}`;
  if (!response.headers['x-request-id']) return 'no x-request-id header';
  if (response.statusCode === 200 && String(response.headers['content-type']).includes('spreadsheetml')) return undefined;
  // The audit log's CSV export (modules/audit) answers text/csv.
  if (response.statusCode === 200 && String(response.headers['content-type']).includes('text/csv')) return undefined;
  let body: { header?: { isSuccessful?: unknown; resultCode?: unknown; resultMessage?: unknown }; requestId?: unknown };
  try {
    body = response.json();
  } catch {
    return 'not JSON';
  }
  const header = body.header;
  if (!header || typeof header.isSuccessful !== 'boolean' || !['number', 'string'].includes(typeof header.resultCode) || typeof header.resultMessage !== 'string') {
    return 'not the envelope';
  }
  if (!header.isSuccessful && typeof body.requestId !== 'string') return 'a failure without requestId';
  return undefined;
}

describe('fuzz over every route', () => {
  it('answers every malformed call without a 5xx, inside the spec envelope', { timeout: 120_000 }, async () => {
    const problems: Problem[] = [];
    let calls = 0;
    for (const endpoint of ORDERED) {
      for (const fuzz of fuzzCases(endpoint, pathOf(endpoint))) {
        const response = await t.app.inject(
          owner.as({ method: endpoint.method, url: fuzz.url, ...(fuzz.headers ? { headers: fuzz.headers } : {}), ...(fuzz.payload === undefined ? {} : { payload: fuzz.payload }) }),
        );
        calls += 1;
        const problem = problemOf(response);
        if (problem) problems.push({ call: `${endpoint.id} ${endpoint.method} — ${fuzz.name}: ${problem}`, status: response.statusCode, body: response.body.slice(0, 300) });
      }
    }
    expect(calls).toBeGreaterThan(ENDPOINTS.length * 20);
    expect(problems).toEqual([]);
  });
});
