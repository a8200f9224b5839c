import { iamLogin, logout } from '@console/contracts/refs/auth';
import { getOrganization, listOrganizations } from '@console/contracts/refs/organizations';
import { listProjects } from '@console/contracts/refs/projects';
import * as api from '@console/contracts/organizations';
import { API_TIMEOUT_MS } from '@console/contracts/headers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../test/http.ts';
import { ApiError } from './api-error.ts';
import { buildUrl, callApi, toSearchParams } from './client.ts';
import { dispatchDeferredErrorRoute, setErrorRouteHandler, type ErrorRouteHandler } from './error-dispatch.ts';
import { updateRequestContext } from './request-context.ts';

/** A fetch that never answers and fails only when its signal aborts, as the browser's does. */
function stubHangingFetch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_input: unknown, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ),
  );
}

const ORG_ID = '7f1d6c3e-3c1b-4a55-9d7e-0a4f2c9b1e11';
const ORG = {
  orgId: ORG_ID,
  orgName: 'Acme',
  ownerUuid: 'u1',
  orgNextTaskCode: 'NONE' as const,
  ipAclTypeCode: 'COMMON' as const,
  orgDomainList: [],
  hasRoleInOrg: true,
  isOrgOwner: true,
  orgRoleCodes: ['OWNER' as const],
  regDateTime: '2026-01-01T00:00:00Z',
};

let routed: ReturnType<typeof vi.fn<ErrorRouteHandler>>;
let uninstall: () => void;

beforeEach(() => {
  routed = vi.fn<ErrorRouteHandler>();
  uninstall = setErrorRouteHandler(routed);
  updateRequestContext({ regionCode: 'KR1', locale: 'ko_KR' });
  window.history.replaceState(null, '', '/');
  document.cookie = 'csrfToken=; Max-Age=0; Path=/';
});

afterEach(() => {
  uninstall();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request building', () => {
  it('serializes arrays as repeated keys and leaves out empty values', () => {
    expect(toSearchParams({ ids: ['a', 'b'], page: 2, name: undefined, flag: false, none: null }).toString()).toBe(
      'ids=a&ids=b&page=2&flag=false',
    );
  });

  it('fills :params of the contract path', () => {
    expect(buildUrl(getOrganization, { orgId: 'a b' })).toBe('/api/cab/v7/organizations/a%20b');
    expect(() => buildUrl(getOrganization, {})).toThrow(/orgId/);
  });

  it('sends region, lang and the project of the current path; no CSRF on GET', async () => {
    const { requests } = mockFetch({
      'GET /api/cab/v5/projects': () => ok(listProjects, { projects: [], paging: { page: 1, limit: 1000, totalCount: 0 } }),
    });
    document.cookie = 'csrfToken=tok-1; Path=/';
    window.history.replaceState(null, '', '/project/p-9/dashboard');
    updateRequestContext({ regionCode: 'JP1', locale: 'en_US' });

    await callApi(listProjects, { query: { orgId: ORG_ID, page: 1, limit: 1000 }, fieldFilter: 'projectName', noCache: true });

    const [request] = requests;
    expect(request?.url.search).toBe(`?orgId=${ORG_ID}&page=1&limit=1000`);
    expect(request?.headers.get('x-region-code')).toBe('JP1');
    expect(request?.headers.get('lang')).toBe('en_US');
    expect(request?.headers.get('x-project-id')).toBe('p-9');
    expect(request?.headers.get('x-field-filter')).toBe('projectName');
    expect(request?.headers.get('cache-control')).toBe('no-cache');
    expect(request?.headers.has('x-csrf-token')).toBe(false);
    expect(request?.credentials).toBe('same-origin');
  });

  it('sends the CSRF cookie as x-csrf-token and a JSON body on other methods', async () => {
    const { requests } = mockFetch({ 'POST /api/auth/v1/logout': () => ok(logout, { returnUrl: '/login' }) });
    document.cookie = 'csrfToken=tok-2; Path=/';

    await callApi(logout, { body: { returnUrl: '/login' } });

    expect(requests[0]?.headers.get('x-csrf-token')).toBe('tok-2');
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(requests[0]?.body).toEqual({ returnUrl: '/login' });
  });
});

describe('answers', () => {
  it('unwraps the envelope into the typed body', async () => {
    mockFetch({ [`GET /api/cab/v7/organizations/${ORG_ID}`]: () => ok(getOrganization, { org: ORG }) });
    const answer = await callApi(getOrganization, { params: { orgId: ORG_ID } });
    expect(answer).toEqual({ org: ORG });
  });

  it('takes a schema-free ref and its endpoint alike, and reports a 200 answer that is no envelope as invalid-response', async () => {
    mockFetch({
      [`GET /api/cab/v7/organizations/${ORG_ID}`]: () => ok(getOrganization, { org: ORG }),
      'GET /api/cab/v7/organizations': () => Response.json({ organizations: [] }),
    });
    expect(await callApi(api.getOrganization, { params: { orgId: ORG_ID } })).toEqual({ org: ORG });
    await expect(callApi(listOrganizations)).rejects.toMatchObject({ kind: 'invalid-response', httpStatus: 200 });
  });

  it('throws a typed ApiError with everything the error body carries', async () => {
    mockFetch({
      'GET /api/cab/v7/organizations': () =>
        fail(400, {
          resultCode: 10001,
          resultMessage: 'Check the values you entered.',
          fieldErrors: [{ field: 'limit', message: 'too big' }],
          requestId: 'req-1',
        }),
    });
    const error = await callApi(listOrganizations).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'response',
      httpStatus: 400,
      resultCode: 10001,
      message: 'Check the values you entered.',
      fieldErrors: [{ field: 'limit', message: 'too big' }],
      requestId: 'req-1',
    });
    expect(routed).not.toHaveBeenCalled();
  });

  it('throws when a 200 answer says it failed, and routes 5002 to the IP page', async () => {
    mockFetch({
      'GET /api/cab/v7/organizations': () =>
        Response.json({ header: { isSuccessful: false, resultCode: 5002, resultMessage: 'x' }, clientIp: '10.0.0.1' }),
    });
    await expect(callApi(listOrganizations)).rejects.toMatchObject({ httpStatus: 200, resultCode: 5002 });
    expect(routed).toHaveBeenCalledWith({ kind: 'navigate', to: '/error/ip-acl?clientIp=10.0.0.1' }, expect.any(ApiError));
  });

  it('routes a missing session to the login page with the current page as nextUrl', async () => {
    window.history.replaceState(null, '', '/org/o1/dashboard?x=1');
    mockFetch({ 'GET /api/cab/v7/organizations': () => fail(401, { resultCode: 100 }) });
    await expect(callApi(listOrganizations)).rejects.toBeInstanceOf(ApiError);
    expect(routed).toHaveBeenCalledWith(
      { kind: 'login', to: `/login?nextUrl=${encodeURIComponent('/org/o1/dashboard?x=1')}` },
      expect.any(ApiError),
    );
  });

  it('never routes the errors of sign-in itself', async () => {
    mockFetch({ 'POST /api/auth/v1/iam/login': () => fail(403, { resultCode: 20004 }) });
    await expect(
      callApi(iamLogin, { body: { domain: 'acme', userCode: 'kim', password: 'pw' } }),
    ).rejects.toMatchObject({ resultCode: 20004 });
    expect(routed).not.toHaveBeenCalled();
  });

  it('holds back routing of a retryable query error until the query has failed for good', async () => {
    mockFetch({ 'GET /api/cab/v7/organizations': () => fail(503, { resultCode: 10503, requestId: 'r-9' }) });
    const error = await callApi(listOrganizations, { inQuery: true }).catch((caught: unknown) => caught);
    expect(routed).not.toHaveBeenCalled();
    dispatchDeferredErrorRoute(error);
    expect(routed).toHaveBeenCalledWith({ kind: 'navigate', to: '/error?requestId=r-9' }, error);
  });

  it('reports a network failure as a network ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(callApi(listOrganizations)).rejects.toMatchObject({ kind: 'network', httpStatus: 0 });
  });

  it('gives up after 60 s with a timeout ApiError', async () => {
    vi.useFakeTimers();
    stubHangingFetch();
    const pending = callApi(listOrganizations).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'timeout' });
  });

  it("passes the caller's own abort through as it is (no ApiError, no error route)", async () => {
    stubHangingFetch();
    const controller = new AbortController();
    const pending = callApi(listOrganizations, { signal: controller.signal }).catch((caught: unknown) => caught);
    controller.abort();
    const caught = await pending;
    expect(caught).toBeInstanceOf(DOMException);
    expect(caught).not.toBeInstanceOf(ApiError);
    expect(routed).not.toHaveBeenCalled();
  });
});
