import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorInit } from './api-error.ts';
import { decideErrorRoute, type ErrorRouteAction } from './error-route.ts';

const endpoint = { handlesAuthErrors: false };
const CURRENT = '/org/0b6c/dashboard?tab=2';

const answer = (httpStatus: number, resultCode: number | string, extra: Partial<ApiErrorInit> = {}) =>
  new ApiError({ kind: 'response', httpStatus, resultCode, message: 'server text', ...extra });

const decide = (error: ApiError, current = CURRENT) => decideErrorRoute(error, endpoint, current);

describe('decideErrorRoute: result codes', () => {
  it('signs the user out on 4000', () => {
    expect(decide(answer(401, 4000))).toEqual({ kind: 'sign-out' });
  });

  it.each([100, 5001, '100'])('sends %s to the login page with the current path and search as nextUrl', (code) => {
    expect(decide(answer(401, code))).toEqual({
      kind: 'login',
      to: `/login?nextUrl=${encodeURIComponent(CURRENT)}`,
    });
  });

  it('does not put the login page itself into nextUrl', () => {
    expect(decide(answer(401, 100), '/login?domain=acme')).toEqual({ kind: 'login', to: '/login' });
  });

  it.each([-6, 80401, 2000, '-6'])('opens the permission modal with the needed permissions and roles on %s', (code) => {
    const error = answer(403, code, {
      neededPermissions: ['Organization.Member.List', 'Organization.Member.Get'],
      neededRoles: [{ category: 'ORG_ROLE', roleName: 'ADMIN' }],
    });
    expect(decide(error)).toEqual({
      kind: 'permission-modal',
      neededPermissions: ['Organization.Member.List', 'Organization.Member.Get'],
      neededRoles: [{ category: 'ORG_ROLE', roleName: 'ADMIN' }],
    });
  });

  it('opens the permission modal with empty lists when the server names no permission', () => {
    expect(decide(answer(403, -6))).toEqual({ kind: 'permission-modal', neededPermissions: [], neededRoles: [] });
  });

  it.each([-4, 40017, 23005])('goes home on %s', (code) => {
    expect(decide(answer(403, code))).toEqual({ kind: 'navigate', to: '/' });
  });

  it('sends -8 to the IP error page with the client IP', () => {
    expect(decide(answer(403, -8, { clientIp: '203.0.113.7' }))).toEqual({
      kind: 'navigate',
      to: '/error/ip-acl?clientIp=203.0.113.7',
    });
  });

  it('sends -8 without a client IP to the IP error page', () => {
    expect(decide(answer(403, -8))).toEqual({ kind: 'navigate', to: '/error/ip-acl' });
  });

  it('sends -14 to the country error page', () => {
    expect(decide(answer(403, -14))).toEqual({ kind: 'navigate', to: '/error/country-ip-acl' });
  });

  it('sends a 200 answer with 5002 to the IP error page and with 5006 to the country page', () => {
    expect(decide(answer(200, 5002, { clientIp: '198.51.100.1' }))).toEqual({
      kind: 'navigate',
      to: '/error/ip-acl?clientIp=198.51.100.1',
    });
    expect(decide(answer(200, 5006))).toEqual({ kind: 'navigate', to: '/error/country-ip-acl' });
  });

  it('treats 5002 with another status by the status (it is also "contract in use")', () => {
    expect(decide(answer(400, 5002))).toEqual({ kind: 'stay' });
  });

  it('sends 5006 to the country page whatever the status (this server answers it with 403)', () => {
    expect(decide(answer(403, 5006))).toEqual({ kind: 'navigate', to: '/error/country-ip-acl' });
  });
});

describe('decideErrorRoute: HTTP status', () => {
  it('leaves a 400 with the caller (forms show field errors)', () => {
    expect(decide(answer(400, 10001, { fieldErrors: [{ field: 'email', message: 'bad' }] }))).toEqual({
      kind: 'stay',
    });
  });

  it('sends any other 401 to the project permission page', () => {
    expect(decide(answer(401, 12345))).toEqual({ kind: 'navigate', to: '/error/forbidden' });
  });

  it('sends 404 to the not-found page', () => {
    expect(decide(answer(404, 10404))).toEqual({ kind: 'navigate', to: '/error/not-found' });
  });

  it.each([402, 403, 405, 409, 413, 429, 499])('sends %s to the default error page', (status) => {
    expect(decide(answer(status, 99999))).toEqual({ kind: 'navigate', to: '/error/invalid-request' });
  });

  it.each([500, 502, 503, 599])('sends %s to the server error page with the request id', (status) => {
    expect(decide(answer(status, -1, { requestId: 'req-42' }))).toEqual({
      kind: 'navigate',
      to: '/error?requestId=req-42',
    });
  });

  it('sends a 5xx without a request id to the server error page', () => {
    expect(decide(answer(500, -1))).toEqual({ kind: 'navigate', to: '/error' });
  });

  it('routes answers that are not envelopes by status too', () => {
    const error = new ApiError({ kind: 'response', httpStatus: 502, message: 'Bad Gateway' });
    expect(decide(error)).toEqual({ kind: 'navigate', to: '/error' });
  });

  it('leaves other statuses with the caller', () => {
    expect(decide(answer(200, 12))).toEqual({ kind: 'stay' });
    expect(decide(answer(302, 12))).toEqual({ kind: 'stay' });
  });
});

describe('decideErrorRoute: what is never routed', () => {
  it.each<[string, ApiError]>([
    ['a network error', new ApiError({ kind: 'network', httpStatus: 0, message: 'offline' })],
    ['a timeout', new ApiError({ kind: 'timeout', httpStatus: 0, message: 'timeout' })],
  ])('leaves %s with the caller (it may be retried)', (_name, error) => {
    expect(decide(error)).toEqual({ kind: 'stay' });
  });

  it.each([
    [401, 100],
    [401, 4000],
    [403, -6],
    [403, -8],
    [500, -1],
    [429, 10429],
    [403, 20004],
  ])('leaves %s/%s with endpoints that handle auth errors themselves (sign-in)', (status, code) => {
    const action: ErrorRouteAction = decideErrorRoute(answer(status, code), { handlesAuthErrors: true }, CURRENT);
    expect(action).toEqual({ kind: 'stay' });
  });
});
