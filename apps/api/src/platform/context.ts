import type { Lang, Locale, PermissionName } from '@console/contracts';
import type { PolicyView } from './policy/engine.ts';

export interface Caller {
  readonly sessionId: string;
  readonly memberType: 'TOAST_CLOUD' | 'IAM';
  /** members.id for cloud members, iam_members.id for IAM accounts. */
  readonly uuid: string;
  /** The organization an IAM account belongs to. */
  readonly orgId: string | null;
  readonly domain: string | null;
  readonly csrfToken: string;
  readonly expiresAt: Date;
  /** The account behind the session, read with it in one query. */
  readonly profile: CallerProfile;
  /** Set when the call is made with an access token (platform/bearer.ts), not a console session. */
  readonly accessTokenId?: string;
  /**
   * Set for one request when the organization it names uses privacy protection and the caller's
   * address is not on its list (modules/governance/network-guard.ts): others' personal data is
   * masked whatever the caller's permissions (platform/personal-data.ts).
   */
  readonly privacyProtected?: boolean;
}

export interface CallerProfile {
  /** Login id: the email of a cloud member, the user code of an IAM account. */
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly mobileNumber: string | null;
  readonly country: string;
  readonly bizMember: boolean;
  readonly partnerOwner: boolean;
  /** Cloud members' account type and platform restrictions (spec §3 MemberProfile); none for IAM accounts. */
  readonly accountType: string;
  readonly restrictTypes: readonly string[];
}

/** A role the caller holds where a call acts (spec §3 Role: category, categoryKey). */
export interface HeldRole {
  readonly category: 'ORG_ROLE' | 'PROJECT_ROLE';
  readonly roleName: string;
  /** The organization or project id the role is held in. */
  readonly categoryKey: string;
}

/**
 * What the permission check found for the organization or project a call names: the caller
 * belongs there, with these roles and the permissions they give. Services read it instead of
 * asking again.
 */
export type Grant = OrgGrant | ProjectGrant;

/** A grant for an organization-scoped route. */
export interface OrgGrant extends GrantBase {
  readonly scope: 'org';
  readonly projectId: undefined;
}

/** A grant for a project-scoped route: the project the call names, checked to be of `orgId`. */
export interface ProjectGrant extends GrantBase {
  readonly scope: 'project';
  readonly projectId: string;
}

interface GrantBase {
  readonly orgId: string;
  readonly roles: readonly HeldRole[];
  /** The project roles stored for the caller's membership (undefined: not a member; always for an organization grant). */
  readonly storedProjectRoles?: readonly string[] | undefined;
  /** The caller's role groups in the project (none for an organization-scoped grant). */
  readonly roleGroups: readonly HeldRoleGroup[];
  /** What the caller holds for THIS request (conditions evaluated against it): `permissions` is its set. */
  readonly permissions: ReadonlySet<PermissionName>;
  /** The compiled policy bound to the request: further checks of the request ask it, without queries. */
  readonly view: PolicyView;
}

/** A role group the caller holds in a project, with its roles as stored. */
export interface HeldRoleGroup {
  readonly roleGroupId: string;
  readonly roleGroupName: string;
  readonly typeCode: 'PROJECT' | 'COMMON';
  readonly roles: readonly { roleId: string; denialSetting: 'ALLOW' | 'DENY'; conditionCount: number }[];
}

/** Built once per request and passed down to services. */
export interface RequestContext {
  readonly requestId: string;
  readonly locale: Locale;
  readonly lang: Lang;
  readonly clientIp: string;
  readonly userAgent: string;
  /** The Referer header ('' when absent), for role conditions. */
  readonly referer: string;
  readonly region: string | undefined;
  /** The project the web is working in (x-project-id header), when any. */
  readonly projectId: string | undefined;
  caller: Caller | undefined;
  /** Set when the cookie named a session that was ended because its account is no longer active. */
  sessionEndedByAccount: boolean;
  /** Set by the permission check of a `permission` route before its handler runs. */
  grant: Grant | undefined;
  /**
   * The authorization epoch read with the session (db/schema/authz-epoch.ts): the permission
   * check may reuse what it read for an earlier request of the same epoch. Undefined without a session.
   */
  authzEpoch: number | undefined;
  readonly now: () => Date;
}

/** The context of a route that requires a session: its access rule ran, so there is a caller. */
export interface SignedInContext extends RequestContext {
  caller: Caller;
}

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** The grant the permission check left for a `permission` route; its absence is a wiring mistake. */
export function grantOf(ctx: RequestContext): Grant {
  if (!ctx.grant) throw new Error('grantOf: the route has no permission access');
  return ctx.grant;
}

/** The grant of a project-scoped `permission` route; any other is a wiring mistake. */
export function projectGrantOf(ctx: RequestContext): ProjectGrant {
  const grant = grantOf(ctx);
  if (grant.scope !== 'project') throw new Error('projectGrantOf: the route is not project-scoped');
  return grant;
}

/** The caller's organization roles in the grant's organization. */
export const orgRolesOfGrant = (grant: Grant): string[] =>
  grant.roles.filter((role) => role.category === 'ORG_ROLE').map((role) => role.roleName);
