import { getOrgSelfRoles, listRegions, validateIpAcl } from '@console/contracts/refs/organizations';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORG_ID, orgSelfRoles, regions } from '../../test/fixtures.ts';
import { mockFetch, ok } from '../../test/http.ts';
import { orgSelfRolesQuery } from '../../shared/permissions/queries.ts';
import { prefetchOrgArea } from './route-prefetch.ts';

afterEach(() => vi.unstubAllGlobals());

const ipAcl = `GET /api/cab/v4/organizations/${ORG_ID}/ip-acl/validate`;
const selfRoles = `GET /api/cab/v6/organizations/${ORG_ID}/self/roles`;
const regionList = 'GET /api/cab/v1/regions';

describe('route prefetch (issue 16)', () => {
  it("asks for the organization's data only once its IP rule lets the caller in, then has it in the cache", async () => {
    const { requests } = mockFetch({
      [ipAcl]: () => ok(validateIpAcl, { allowed: true, clientIp: '203.0.113.7' }),
      [selfRoles]: () => ok(getOrgSelfRoles, orgSelfRoles('ADMIN')),
      [regionList]: () => ok(listRegions, { regionCodeList: regions.map((region) => region.regionCode), regions }),
    });
    const queryClient = new QueryClient();
    prefetchOrgArea(queryClient, { orgId: ORG_ID });
    await vi.waitFor(() => expect(queryClient.getQueryData(orgSelfRolesQuery(ORG_ID).queryKey)).toBeDefined());
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([ipAcl, selfRoles, regionList]);
  });

  it('asks for nothing of the organization when its IP rule keeps the caller out', async () => {
    const { requests } = mockFetch({
      [ipAcl]: () => ok(validateIpAcl, { allowed: false, clientIp: '203.0.113.7' }),
      [selfRoles]: () => ok(getOrgSelfRoles, orgSelfRoles('ADMIN')),
    });
    const queryClient = new QueryClient();
    prefetchOrgArea(queryClient, { orgId: ORG_ID });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([ipAcl]);
    expect(queryClient.getQueryData(orgSelfRolesQuery(ORG_ID).queryKey)).toBeUndefined();
  });

  it('asks nothing for an address whose id cannot be an organization', async () => {
    const { requests } = mockFetch({});
    prefetchOrgArea(new QueryClient(), { orgId: 'not-an-id' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toEqual([]);
  });
});
