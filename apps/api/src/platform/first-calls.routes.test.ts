import * as api from '@console/contracts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromAddress, type Caller } from '../test/helper.ts';
import { worldOf } from '../test/world.ts';

/**
 * A signed-in organization's or project's page carries its first calls in its HTML (issue 16,
 * platform/first-calls.ts), in the area's order: the IP rule's check, then — only when it lets this
 * request in — the area's calls; a project's own GET first, and its organization named only to a
 * caller who may see the project.
 */
const dist = await mkdtemp(join(os.tmpdir(), 'console-first-calls-'));
const SESSION_PRELOAD = '<link rel="preload" href="/api/console/v1/session" as="fetch" crossorigin="anonymous" />';
await mkdir(join(dist, '.vite'), { recursive: true });
await writeFile(
  join(dist, 'index.html'),
  `<!doctype html>\n<html lang="ko">\n  <head>\n    <link rel="preload" href="/api/console/v1/config" as="fetch" crossorigin="anonymous" />\n    ${SESSION_PRELOAD}\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`,
);
// As apps/web/build/route-preloads.ts writes it: each page's `calls` from its layouts' and its own route prefetch.
await writeFile(
  join(dist, '.vite/route-preloads.json'),
  JSON.stringify({
    routes: [
      { id: 'login', path: 'login', files: [], parts: [] },
      { id: 'org-dashboard', path: 'org/:orgId/dashboard', files: [], parts: [], session: true, calls: ['org-area', 'org-overview'] },
      { id: 'org-member-index', path: 'org/:orgId/member', files: [], parts: [], session: true, calls: ['org-area'] },
      { id: 'project-dashboard', path: 'project/:projectId/dashboard', files: [], parts: [], session: true, calls: ['project-area', 'project-overview'] },
      { id: 'project-member-index', path: 'project/:projectId/member', files: [], parts: [], session: true, calls: ['project-area'] },
      { id: 'home', path: '', files: [], parts: [], session: true },
      { id: 'org-index', path: 'org/:orgId', redirect: 'org/:orgId/dashboard' },
    ],
    languages: { ko: [], en: [], ja: [], zh: [] },
    parts: {},
  }),
);

const w = worldOf({
  env: { WEB_DIST_DIR: dist },
  mailDomain: 'first-calls.example.com',
  org: { name: 'First Calls Org' },
  roles: { owner: 'OWNER', member: 'MEMBER', outsider: null },
  projects: { app: { name: 'First Calls App', members: { member: ['PROJECT_MEMBER'] } } },
});

afterAll(() => rm(dist, { recursive: true, force: true }));

/** The fetch preloads of a page's HTML after the session's, in order, as written (attribute-escaped). */
function callPreloads(html: string): string[] {
  const after = html.slice(html.indexOf(SESSION_PRELOAD) + SESSION_PRELOAD.length);
  return [...after.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>/g)].map((match) => match[1]!);
}

const page = async (who: Caller, url: string) => {
  const response = await w.t.app.inject(who.as({ method: 'GET', url }));
  expect(response.statusCode, url).toBe(200);
  return response.body;
};

describe("a page's first calls in its HTML (issue 16)", () => {
  let orgCalls: string[];
  let projectCalls: string[];
  beforeAll(() => {
    const { orgId } = w;
    const projectId = w.projects.app;
    orgCalls = [
      `/api/cab/v4/organizations/${orgId}/ip-acl/validate`,
      `/api/cab/v6/organizations/${orgId}/self/roles`,
      `/api/cab/v1/regions?orgId=${orgId}`,
      `/api/cab/v7/organizations/${orgId}`,
      '/api/cab/v6/organizations/infos?page=1&amp;limit=9999',
    ];
    projectCalls = [
      `/api/cab/v5/projects/${projectId}`,
      `/api/cab/v4/organizations/${orgId}/ip-acl/validate`,
      `/api/cab/v6/projects/${projectId}/self/roles`,
      `/api/cab/v1/regions?orgId=${orgId}`,
      `/api/cab/v7/organizations/${orgId}`,
    ];
  });
  /** The shell's own call, last on every signed-in page: the caller's organizations. */
  const shell = ['/api/cab/v7/organizations?page=1&amp;limit=9999'];

  it("preloads an organization's page's calls, the rule's check first, right after the session's", async () => {
    const html = await page(w.as.owner, `/org/${w.orgId}/dashboard`);
    expect(callPreloads(html)).toEqual([...orgCalls, ...shell]);
    // Ahead of everything else the head links (the scripts' modulepreloads follow them).
    expect(html.indexOf(orgCalls[0]!)).toBeLessThan(html.indexOf('</head>'));
    // A page of the area without the overview: the rule, the caller's roles and the regions.
    expect(callPreloads(await page(w.as.owner, `/org/${w.orgId}/member`))).toEqual([...orgCalls.slice(0, 3), ...shell]);
    // The organization's address forwards to its dashboard, and preloads its calls.
    expect(callPreloads(await page(w.as.owner, `/org/${w.orgId}`))).toEqual([...orgCalls, ...shell]);
  });

  it("preloads a project's page's calls: the project, its organization's rule, then the rest", async () => {
    expect(callPreloads(await page(w.as.owner, `/project/${w.projects.app}/dashboard`))).toEqual([...projectCalls, ...shell]);
    expect(callPreloads(await page(w.as.member, `/project/${w.projects.app}/member`))).toEqual([...projectCalls.slice(0, 4), ...shell]);
  });

  it('preloads only calls the page will make: every one of them answers its caller', async () => {
    for (const url of [...orgCalls, ...projectCalls, ...shell]) {
      const answer = await w.t.app.inject(w.as.owner.as({ method: 'GET', url: url.replace(/&amp;/g, '&') }));
      expect(answer.json().header.isSuccessful, url).toBe(true);
    }
  });

  it("preloads only the gate for a caller the gate stops, and names no organization to who cannot see the project", async () => {
    // Not a member of the organization: its check answers no; nothing of the organization follows.
    expect(callPreloads(await page(w.as.outsider, `/org/${w.orgId}/dashboard`))).toEqual([...orgCalls.slice(0, 1), ...shell]);
    const project = await page(w.as.outsider, `/project/${w.projects.app}/dashboard`);
    expect(callPreloads(project)).toEqual([...projectCalls.slice(0, 1), ...shell]);
    expect(project).not.toContain(w.orgId);
  });

  it("follows the organization's IP rule for the request's own address", async () => {
    const inside = fromAddress('203.0.113.9', w.as.owner);
    // Saved from an address on the list (a list that leaves out its saver is refused).
    const saved = await w.t.call(inside, api.saveIpAcl, {
      params: { orgId: w.orgId },
      body: { ipAclTypeCode: 'COMMON', ipAclSelection: 'SETTING', ips: ['203.0.113.0/24'] },
    });
    expect(saved.json().header.isSuccessful).toBe(true);
    try {
      // From an address outside the list (the test's own): only the check; a project's own GET is
      // refused by the rule already, so its organization is not named either.
      expect(callPreloads(await page(w.as.owner, `/org/${w.orgId}/dashboard`))).toEqual([...orgCalls.slice(0, 1), ...shell]);
      expect(callPreloads(await page(w.as.owner, `/project/${w.projects.app}/dashboard`))).toEqual([...projectCalls.slice(0, 1), ...shell]);
      // From an address on it: everything.
      expect(callPreloads(await page(inside, `/org/${w.orgId}/dashboard`))).toEqual([...orgCalls, ...shell]);
      expect(callPreloads(await page(inside, `/project/${w.projects.app}/dashboard`))).toEqual([...projectCalls, ...shell]);
    } finally {
      const cleared = await w.t.call(inside, api.saveIpAcl, {
        params: { orgId: w.orgId },
        body: { ipAclTypeCode: 'COMMON', ipAclSelection: 'NO_SETTING', ips: ['203.0.113.0/24'] },
      });
      expect(cleared.json().header.isSuccessful).toBe(true);
    }
  });

  it("preloads no call without a session; for an address whose id is none, or on a page that names none, the shell's alone", async () => {
    const signedOut = await w.t.app.inject({ method: 'GET', url: `/org/${w.orgId}/dashboard` });
    expect(callPreloads(signedOut.body)).toEqual([]);
    expect(signedOut.body).not.toContain(w.orgId);
    expect(callPreloads(await page(w.as.owner, '/org/not-an-id/dashboard'))).toEqual(shell);
    expect(callPreloads(await page(w.as.owner, `/project/${w.orgId}/dashboard`))).toEqual([`/api/cab/v5/projects/${w.orgId}`, ...shell]);
    expect(callPreloads(await page(w.as.owner, '/'))).toEqual(shell);
    // Not a page of the signed-in branch (sign-in, signed in or not): none.
    expect(callPreloads(await page(w.as.owner, '/login'))).toEqual([]);
  });
});
