import type { z } from 'zod';
import type { OrgPermissionName, ProjectPermissionName } from './permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where a route finds the organization or project it acts on. */
export type OrgIdSource = 'params.orgId' | 'query.orgId' | 'body.orgId' | 'query.scopeId' | 'body.scopeId';
export type ProjectIdSource = 'params.projectId';

/**
 * Who may call an endpoint. `public`: anyone; `session`: any signed-in caller; `permission`: a
 * signed-in caller who holds ALL the listed permissions (spec §6) in the organization or project
 * the call names (`from`). An empty list asks only that the caller belongs there. A caller
 * outside the organization, or asking for another organization's project, gets not-found
 * (INVALID_ORG_ID / PROJECT_NOT_EXIST), never "permission denied".
 */
export type Access = PublicAccess | SessionAccess | OrgPermissionAccess | ProjectPermissionAccess;

export interface PublicAccess {
  readonly kind: 'public';
}

export interface SessionAccess {
  readonly kind: 'session';
}

export interface OrgPermissionAccess {
  readonly kind: 'permission';
  readonly scope: 'org';
  readonly from: OrgIdSource;
  readonly permissions: readonly OrgPermissionName[];
}

export interface ProjectPermissionAccess {
  readonly kind: 'permission';
  readonly scope: 'project';
  readonly from: ProjectIdSource;
  readonly permissions: readonly ProjectPermissionName[];
}

export const PUBLIC: PublicAccess = { kind: 'public' };
export const SESSION: SessionAccess = { kind: 'session' };

/** Needs these organization permissions in the organization named by `from`. */
export const orgPermission = (from: OrgIdSource, ...permissions: OrgPermissionName[]): OrgPermissionAccess => ({
  kind: 'permission',
  scope: 'org',
  from,
  permissions,
});

/** Needs these project permissions in the project named by `from`. */
export const projectPermission = (
  from: ProjectIdSource,
  ...permissions: ProjectPermissionName[]
): ProjectPermissionAccess => ({ kind: 'permission', scope: 'project', from, permissions });

/**
 * One API call, declared once: the server registers it, the web calls it and the OpenAPI page is
 * generated from it. `path` uses `:param` segments; `response` lists the body fields next to the
 * envelope header (the header is added by the platform).
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodObject = z.ZodObject,
  A extends Access = Access,
> {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  /** Kept as declared (not widened to Access), so a handler's context can say what the access rule guarantees. */
  readonly access: A;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  readonly response: R;
  /** Calls that must not be routed to login/error pages by the web client (sign-in itself). */
  readonly handlesAuthErrors?: boolean;
}

export const defineEndpoint = <
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodObject = z.ZodObject,
  A extends Access = Access,
>(
  endpoint: Endpoint<P, Q, B, R, A>,
): Endpoint<P, Q, B, R, A> => endpoint;

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodObject> ? z.input<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodObject> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodObject> ? z.input<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:param` segments of an endpoint path. */
export function buildPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Serializes a query object; arrays become repeated keys (`a=1&a=2`), empty values are left out. */
export function toSearchParams(query: unknown): URLSearchParams {
  const search = new URLSearchParams();
  if (query === null || typeof query !== 'object') return search;
  for (const [key, value] of Object.entries(query)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  return search;
}

/** The URL of a call: path with `:params` filled, query serialized. */
export function buildUrl(endpoint: Pick<Endpoint, 'path'>, params?: unknown, query?: unknown): string {
  const path = buildPath(endpoint.path, (params ?? {}) as Record<string, string | number>);
  const search = toSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}
