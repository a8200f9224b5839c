import type { Endpoint } from '@console/contracts/endpoint';
import type { ApiError, NeededRole } from './api-error.ts';

/**
 * What the console does with a failed call (spec §8). `stay` leaves the error with the caller
 * (forms show it, retries happen); every other action takes the user somewhere.
 */
export type ErrorRouteAction =
  | { readonly kind: 'stay' }
  | { readonly kind: 'sign-out' }
  | { readonly kind: 'login'; readonly to: string }
  | {
      readonly kind: 'permission-modal';
      readonly neededPermissions: readonly string[];
      readonly neededRoles: readonly NeededRole[];
    }
  | { readonly kind: 'navigate'; readonly to: string };

/** Paths of the error pages the routing sends users to. */
export const ERROR_PATHS = {
  server: '/error',
  ipAcl: '/error/ip-acl',
  countryIpAcl: '/error/country-ip-acl',
  forbidden: '/error/forbidden',
  invalidRequest: '/error/invalid-request',
  notFound: '/error/not-found',
} as const;

/** History state of an error page: the page that failed, for its "Retry". */
export interface ErrorPageState {
  readonly from?: string;
}

/** Permission-denied codes: PERMISSION_DENIED (console), BILLING_PERMISSION_DENIED (billing), RESOURCE_WATCHER_PERMISSION_DENIED (resource watcher). */
export const PERMISSION_DENIED_CODES: ReadonlySet<string> = new Set(['-6', '80401', '2000']);

const STAY: ErrorRouteAction = { kind: 'stay' };

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/** The login page, remembering where the user was unless that was the login page itself. */
export const loginPath = (currentUrl: string) =>
  currentUrl.startsWith('/login') ? '/login' : withQuery('/login', { nextUrl: currentUrl });

/**
 * Decides where a failed call sends the user. Result codes come first, then the HTTP status.
 * `currentUrl` is the path and search the user is on (for the login page's nextUrl).
 */
export function decideErrorRoute(
  error: ApiError,
  endpoint: Pick<Endpoint, 'handlesAuthErrors'>,
  currentUrl = '/',
): ErrorRouteAction {
  if (endpoint.handlesAuthErrors) return STAY;
  if (error.kind !== 'response' && error.kind !== 'invalid-response') return STAY;

  const code = error.code;
  const status = error.httpStatus;
  switch (code) {
    case '4000':
      return { kind: 'sign-out' };
    case '100':
    case '5001':
      return { kind: 'login', to: loginPath(currentUrl) };
    case '-4':
    case '40017':
    case '23005':
      return { kind: 'navigate', to: '/' };
    case '-8':
      return { kind: 'navigate', to: withQuery(ERROR_PATHS.ipAcl, { clientIp: error.clientIp, orgId: error.orgId }) };
    case '-14':
      return { kind: 'navigate', to: withQuery(ERROR_PATHS.countryIpAcl, { orgId: error.orgId }) };
    case '5002':
      if (status === 200) return { kind: 'navigate', to: withQuery(ERROR_PATHS.ipAcl, { clientIp: error.clientIp }) };
      break;
    case '5006':
      // "Country IP not allowed" has one meaning whatever the status (this server sends it as 403).
      return { kind: 'navigate', to: withQuery(ERROR_PATHS.countryIpAcl, { orgId: error.orgId }) };
    default:
      if (code !== undefined && PERMISSION_DENIED_CODES.has(code)) {
        return { kind: 'permission-modal', neededPermissions: error.neededPermissions, neededRoles: error.neededRoles };
      }
  }

  if (status === 401) return { kind: 'navigate', to: ERROR_PATHS.forbidden };
  if (status === 404) return { kind: 'navigate', to: ERROR_PATHS.notFound };
  if (status >= 402 && status <= 499) return { kind: 'navigate', to: ERROR_PATHS.invalidRequest };
  if (status >= 500 && status <= 599) {
    return { kind: 'navigate', to: withQuery(ERROR_PATHS.server, { requestId: error.requestId }) };
  }
  return STAY;
}
