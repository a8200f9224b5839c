import { firstCalls } from '@console/contracts/first-calls';
import { getOrganization, getOrgSelfRoles, listOrganizationInfos, listOrganizations, listRegions, validateIpAcl } from '@console/contracts/refs/organizations';
import { getProject, getProjectSelfRoles } from '@console/contracts/refs/projects';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORG_ID, orgInfosAnswer, organization, orgSelfRoles, project, PROJECT_ID, projectAdminSelfRoles, regions } from '../../test/fixtures.ts';
import { mockFetch, ok } from '../../test/http.ts';
import { organizationsQuery } from '../organizations/queries.ts';
import { prefetchOrgArea, prefetchOrgOverview, prefetchProjectArea, prefetchProjectOverview, type Prefetch } from './route-prefetch.ts';

afterEach(() => vi.unstubAllGlobals());

/**
 * The API preloads a page's first calls in its HTML (apps/api/src/platform/first-calls.ts, from
 * @console/contracts/first-calls); a preload answers the page's fetch only for the very same URL.
 * So each route prefetch must ask exactly the URLs its kind names — a query that changes its path,
 * its parameters or their order fails here instead of quietly asking twice.
 */
function answerEverything() {
  return mockFetch({
    [`GET /api/cab/v4/organizations/${ORG_ID}/ip-acl/validate`]: () => ok(validateIpAcl, { allowed: true, clientIp: '203.0.113.7' }),
    [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('ADMIN')),
    [`GET /api/cab/v7/organizations/${ORG_ID}`]: () => ok(getOrganization, { org: organization() }),
    'GET /api/cab/v6/organizations/infos': () => ok(listOrganizationInfos, orgInfosAnswer()),
    'GET /api/cab/v1/regions': () => ok(listRegions, { regionCodeList: regions.map((region) => region.regionCode), regions }),
    [`GET /api/cab/v5/projects/${PROJECT_ID}`]: () => ok(getProject, { project: project() }),
    [`GET /api/cab/v6/projects/${PROJECT_ID}/self/roles`]: () => ok(getProjectSelfRoles, projectAdminSelfRoles()),
  });
}

async function urlsAskedBy(prefetch: Prefetch, expected: number) {
  const { requests } = answerEverything();
  prefetch(new QueryClient(), { orgId: ORG_ID, projectId: PROJECT_ID });
  await vi.waitFor(() => expect(requests).toHaveLength(expected));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return requests.map((request) => `${request.url.pathname}${request.url.search}`);
}

describe("the route prefetch asks its kind's first calls, URL for URL (issue 16)", () => {
  it('an organization page: its rule, then its roles and its regions', async () => {
    expect(prefetchOrgArea.calls).toBe('org-area');
    expect(await urlsAskedBy(prefetchOrgArea, 3)).toEqual([firstCalls.orgGate(ORG_ID), ...firstCalls.orgArea(ORG_ID)]);
  });

  it("the organization's overview: its rule, then the organization and the caller's organizations' infos", async () => {
    expect(prefetchOrgOverview.calls).toBe('org-overview');
    const asked = await urlsAskedBy(prefetchOrgOverview, 3);
    expect(asked[0]).toBe(firstCalls.orgGate(ORG_ID));
    expect(asked.slice(1).sort()).toEqual([...firstCalls.orgOverview(ORG_ID)].sort());
  });

  it("a project page: the project, its organization's rule, then its roles and the organization's regions", async () => {
    expect(prefetchProjectArea.calls).toBe('project-area');
    expect(await urlsAskedBy(prefetchProjectArea, 4)).toEqual([
      firstCalls.project(PROJECT_ID),
      firstCalls.orgGate(ORG_ID),
      ...firstCalls.projectArea(PROJECT_ID, ORG_ID),
    ]);
  });

  it("every signed-in page: the caller's organizations, as the entry asks them (main.tsx)", async () => {
    const { requests } = mockFetch({ 'GET /api/cab/v7/organizations': () => ok(listOrganizations, { orgs: [organization()], paging: { page: 1, limit: 9999, totalCount: 1 } }) });
    await new QueryClient().prefetchQuery(organizationsQuery());
    expect(requests.map((request) => `${request.url.pathname}${request.url.search}`)).toEqual(firstCalls.signedIn());
  });

  it("the project's dashboard: the project, the rule, then its organization", async () => {
    expect(prefetchProjectOverview.calls).toBe('project-overview');
    expect(await urlsAskedBy(prefetchProjectOverview, 3)).toEqual([firstCalls.project(PROJECT_ID), firstCalls.orgGate(ORG_ID), ...firstCalls.projectOverview(ORG_ID)]);
  });
});
