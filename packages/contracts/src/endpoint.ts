import type { z } from 'zod';
import type { OrgPermissionName, ProjectPermissionName } from './permissions.ts';

/** The methods an endpoint may declare. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

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

/**
 * Whether a contract module's export is an endpoint (what `ENDPOINTS` collects and the refs
 * generator writes a ref for): read by Node only, so the web's bundle drops it.
 */
export function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Endpoint>;
  return (
    typeof candidate.id === 'string' &&
    (HTTP_METHODS as readonly unknown[]).includes(candidate.method) &&
    typeof candidate.path === 'string' &&
    typeof candidate.access === 'object' &&
    typeof candidate.response === 'object'
  );
}

/** Names an endpoint's type without holding its schemas (a type-only brand: nothing at run time). */
declare const endpointType: unique symbol;

/**
 * An endpoint without its schemas: what a caller needs to make the call (id, method, path, access,
 * auth-error handling), typed by the endpoint it stands for. The web imports these
 * (`@console/contracts/refs/<module>`, generated from the contract files by
 * `npm run refs -w @console/contracts`) so its first paint carries no zod; the server and forms
 * import the endpoints themselves.
 */
export interface EndpointRef<E extends Endpoint = Endpoint> {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: E['access'];
  readonly handlesAuthErrors?: boolean;
  readonly [endpointType]?: E;
}

/** An endpoint or its schema-free ref: either can be called. */
export type Callable = Endpoint | EndpointRef;

/** The endpoint a ref stands for (an endpoint stands for itself). */
export type EndpointOf<E> = E extends Endpoint ? E : E extends EndpointRef<infer Of> ? Of : never;

type ParamsOfEndpoint<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodObject> ? z.input<P> : never;
type QueryOfEndpoint<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodObject> ? z.input<Q> : never;
type BodyOfEndpoint<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodObject> ? z.input<B> : never;
type ResponseOfEndpoint<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
export type ParamsOf<E> = ParamsOfEndpoint<EndpointOf<E>>;
export type QueryOf<E> = QueryOfEndpoint<EndpointOf<E>>;
export type BodyOf<E> = BodyOfEndpoint<EndpointOf<E>>;
export type ResponseOf<E> = ResponseOfEndpoint<EndpointOf<E>>;

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
