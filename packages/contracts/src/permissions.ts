/**
 * Permission names and built-in roles (spec §6).
 *
 * A permission is `Organization.{Target}.{Action}` or `Project.{Target}.{Action}`, optionally
 * prefixed by a product permission name and a colon (`Dns:Project.Product.Get`; product
 * permissions arrive with the services issue). A call lists the permissions it needs and the
 * caller must hold ALL of them (spec §6: AND). The targets are spec §6's, plus the two a console
 * cannot do without and §6 does not list (marked below, see docs/decisions.md): `Setting` (the
 * organization's or project's own name, regions, deletion) and `Owner` (ownership transfer).
 */

export const PERMISSION_ACTIONS = ['Create', 'Update', 'Delete', 'List', 'Get', 'BatchRegister'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

const CRUD = ['Create', 'Update', 'Delete', 'List', 'Get'] as const;
const CRUD_BATCH = [...CRUD, 'BatchRegister'] as const;
const READ = ['List', 'Get'] as const;

/** Organization targets with the actions each has. */
export const ORG_PERMISSION_TARGETS = {
  // spec §6
  Member: CRUD_BATCH,
  AlarmGroup: CRUD,
  Budget: CRUD,
  Domain: CRUD,
  SystemNotification: CRUD,
  Payment: CRUD,
  Dashboard: CRUD,
  Project: CRUD_BATCH,
  RoleGroup: CRUD,
  'Setting.Iam': CRUD,
  'Governance.IpAcl': CRUD,
  'Governance.CountryIpAcl': CRUD,
  'Governance.AuthRenewPeriod': CRUD,
  'Member.Iam': CRUD_BATCH,
  'Budget.History.Receiver': CRUD,
  Support: CRUD,
  // not in §6: the organization itself (name, regions, deletion) and its ownership
  Setting: ['Get', 'Update', 'Delete'],
  Owner: ['Update'],
} as const;

/** Project targets with the actions each has. */
export const PROJECT_PERMISSION_TARGETS = {
  // spec §6
  AlarmGroup: CRUD,
  ProjectAppKey: CRUD,
  RoleGroup: CRUD,
  Product: CRUD,
  SystemNotification: CRUD,
  Payment: CRUD,
  Dashboard: CRUD,
  Quota: CRUD,
  'Marketplace.Order': CRUD,
  'Marketplace.Products': CRUD,
  Member: CRUD_BATCH,
  'Member.Iam': CRUD_BATCH,
  Support: CRUD,
  'Authentication.Renew': CRUD,
  // not in §6: the project itself (name, description, deletion) and its ownership
  Setting: ['Get', 'Update', 'Delete'],
  Owner: ['Update'],
} as const;

/** The targets this catalogue adds to spec §6's (the same in both scopes). */
export const EXTRA_TARGETS = ['Setting', 'Owner'] as const;

type OrgTargets = typeof ORG_PERMISSION_TARGETS;
type ProjectTargets = typeof PROJECT_PERMISSION_TARGETS;
export type OrgPermissionTarget = keyof OrgTargets;
export type ProjectPermissionTarget = keyof ProjectTargets;
export type OrgPermissionName = {
  [T in OrgPermissionTarget]: `Organization.${T}.${OrgTargets[T][number]}`;
}[OrgPermissionTarget];
export type ProjectPermissionName = {
  [T in ProjectPermissionTarget]: `Project.${T}.${ProjectTargets[T][number]}`;
}[ProjectPermissionTarget];
export type PermissionName = OrgPermissionName | ProjectPermissionName;

const namesOf = <N extends string>(prefix: string, targets: Record<string, readonly string[]>): readonly N[] =>
  Object.entries(targets).flatMap(([target, actions]) => actions.map((action) => `${prefix}.${target}.${action}` as N));

export const ORG_PERMISSIONS: readonly OrgPermissionName[] = namesOf('Organization', ORG_PERMISSION_TARGETS);
export const PROJECT_PERMISSIONS: readonly ProjectPermissionName[] = namesOf('Project', PROJECT_PERMISSION_TARGETS);
export const ALL_PERMISSIONS: readonly PermissionName[] = [...ORG_PERMISSIONS, ...PROJECT_PERMISSIONS];
const KNOWN = new Set<string>(ALL_PERMISSIONS);

export function isPermissionName(value: string): value is PermissionName {
  return KNOWN.has(value);
}

/**
 * Splits a permission id into its parts: `[product:]Scope.Target.Action`. Answers undefined for
 * anything that is not a known permission (the product prefix is kept, not checked).
 */
export function parsePermissionName(
  value: string,
): { product: string | undefined; permission: PermissionName; scope: 'Organization' | 'Project'; target: string; action: PermissionAction } | undefined {
  const colon = value.indexOf(':');
  const product = colon === -1 ? undefined : value.slice(0, colon);
  const permission = colon === -1 ? value : value.slice(colon + 1);
  if ((product !== undefined && !/^[A-Za-z][A-Za-z0-9_.-]*$/.test(product)) || !isPermissionName(permission)) return undefined;
  const parts = permission.split('.');
  return {
    product,
    permission,
    scope: parts[0] as 'Organization' | 'Project',
    target: parts.slice(1, -1).join('.'),
    action: parts.at(-1) as PermissionAction,
  };
}

const org = <T extends OrgPermissionTarget>(target: T, actions: readonly OrgTargets[T][number][]) =>
  actions.map((action) => `Organization.${target}.${action}` as OrgPermissionName);
const project = <T extends ProjectPermissionTarget>(target: T, actions: readonly ProjectTargets[T][number][]) =>
  actions.map((action) => `Project.${target}.${action}` as ProjectPermissionName);

// ---- organization roles ----

/** What only the OWNER may do: delete the organization, hand it over, and manage its payment method. */
const ORG_OWNER_ONLY = new Set<OrgPermissionName>([
  'Organization.Setting.Delete',
  'Organization.Owner.Update',
  'Organization.Payment.Create',
  'Organization.Payment.Update',
  'Organization.Payment.Delete',
]);
/** Every role but NONE reads the organization's settings and domain. */
const ORG_BASE = [...org('Setting', ['Get']), ...org('Domain', READ)];

/**
 * Built-in organization roles (spec §6). OWNER, ADMIN, MEMBER and BILLING_VIEWER are the member
 * types stored today; the viewer/admin roles are assigned with the roles issue. LOG_VIEWER and
 * STATION_VIEWER have no target of their own in §6 yet (audit logs and stations come later).
 */
export const BUILT_IN_ORG_ROLES = {
  OWNER: ORG_PERMISSIONS,
  ADMIN: ORG_PERMISSIONS.filter((permission) => !ORG_OWNER_ONLY.has(permission)),
  MEMBER: [...ORG_BASE, ...org('Project', ['Create'])],
  BILLING_VIEWER: [...ORG_BASE, ...org('Payment', READ), ...org('Budget', READ), ...org('Budget.History.Receiver', READ)],
  LOG_VIEWER: ORG_BASE,
  BUDGET_ADMIN: [...ORG_BASE, ...org('Budget', CRUD), ...org('Budget.History.Receiver', CRUD)],
  BUDGET_VIEWER: [...ORG_BASE, ...org('Budget', READ), ...org('Budget.History.Receiver', READ)],
  DASHBOARD_ADMIN: [...ORG_BASE, ...org('Dashboard', CRUD)],
  DASHBOARD_VIEWER: [...ORG_BASE, ...org('Dashboard', READ)],
  SUPPORT_ADMIN: [...ORG_BASE, ...org('Support', CRUD)],
  STATION_VIEWER: ORG_BASE,
  NONE: [],
} as const satisfies Record<string, readonly OrgPermissionName[]>;
export type OrgRoleName = keyof typeof BUILT_IN_ORG_ROLES;
export const ORG_ROLE_NAMES = Object.keys(BUILT_IN_ORG_ROLES) as OrgRoleName[];

/**
 * Organization roles that hold every project permission in every project of their organization,
 * whether or not they are members of it.
 */
export const ORG_ROLES_WITH_ALL_PROJECT_PERMISSIONS: readonly OrgRoleName[] = ['OWNER', 'ADMIN'];

// ---- project roles ----

const PROJECT_BASE = project('Setting', ['Get']);
const PROJECT_VIEWER = [
  ...PROJECT_BASE,
  ...project('Product', READ),
  ...project('Dashboard', READ),
  ...project('AlarmGroup', READ),
  ...project('SystemNotification', READ),
  ...project('Quota', READ),
  ...project('Member', READ),
  ...project('Member.Iam', READ),
  ...project('Marketplace.Products', READ),
];

/**
 * Built-in project roles (spec §6). OWNER is not stored: it is the project's owner
 * (projectOwnerId), who holds every project permission. The creator of a project is its owner
 * and an ADMIN. The quota, API security, notice group, notice, authentication, dashboard and
 * support roles are §6's "admin or viewer roles".
 */
export const BUILT_IN_PROJECT_ROLES = {
  OWNER: PROJECT_PERMISSIONS,
  ADMIN: PROJECT_PERMISSIONS.filter((permission) => permission !== 'Project.Owner.Update'),
  MEMBER: [
    ...PROJECT_VIEWER,
    ...project('ProjectAppKey', READ),
    ...project('Quota', ['Create']),
    ...project('Support', ['Create', 'List', 'Get']),
  ],
  VIEWER: PROJECT_VIEWER,
  PROJECT_MEMBER_ADMIN: [...PROJECT_BASE, ...project('Member', CRUD_BATCH), ...project('Member.Iam', CRUD_BATCH), ...project('RoleGroup', CRUD)],
  PROJECT_MEMBER_VIEWER: [...PROJECT_BASE, ...project('Member', READ), ...project('Member.Iam', READ), ...project('RoleGroup', READ)],
  PROJECT_MANAGEMENT_ADMIN: [
    ...project('Setting', ['Get', 'Update']),
    ...project('ProjectAppKey', CRUD),
    ...project('Quota', CRUD),
    ...project('Authentication.Renew', CRUD),
  ],
  PROJECT_MANAGEMENT_VIEWER: [
    ...PROJECT_BASE,
    ...project('ProjectAppKey', READ),
    ...project('Quota', READ),
    ...project('Authentication.Renew', READ),
  ],
  MARKETPLACE_ADMIN: [...PROJECT_BASE, ...project('Marketplace.Order', CRUD), ...project('Marketplace.Products', READ)],
  MARKETPLACE_VIEWER: [...PROJECT_BASE, ...project('Marketplace.Order', READ), ...project('Marketplace.Products', READ)],
  BILLING_VIEWER: [...PROJECT_BASE, ...project('Payment', READ)],
  LOG_VIEWER: PROJECT_BASE,
  SERVICE_USER: [...PROJECT_BASE, ...project('Product', READ)],
  QUOTA_ADMIN: [...PROJECT_BASE, ...project('Quota', CRUD)],
  QUOTA_VIEWER: [...PROJECT_BASE, ...project('Quota', READ)],
  API_SECURITY_ADMIN: [...PROJECT_BASE, ...project('Authentication.Renew', CRUD)],
  API_SECURITY_VIEWER: [...PROJECT_BASE, ...project('Authentication.Renew', READ)],
  NOTICE_GROUP_ADMIN: [...PROJECT_BASE, ...project('AlarmGroup', CRUD)],
  NOTICE_GROUP_VIEWER: [...PROJECT_BASE, ...project('AlarmGroup', READ)],
  NOTICE_ADMIN: [...PROJECT_BASE, ...project('SystemNotification', CRUD)],
  NOTICE_VIEWER: [...PROJECT_BASE, ...project('SystemNotification', READ)],
  AUTHENTICATION_ADMIN: [...PROJECT_BASE, ...project('ProjectAppKey', CRUD)],
  AUTHENTICATION_VIEWER: [...PROJECT_BASE, ...project('ProjectAppKey', READ)],
  DASHBOARD_ADMIN: [...PROJECT_BASE, ...project('Dashboard', CRUD)],
  DASHBOARD_VIEWER: [...PROJECT_BASE, ...project('Dashboard', READ)],
  SUPPORT_ADMIN: [...PROJECT_BASE, ...project('Support', CRUD)],
  SUPPORT_VIEWER: [...PROJECT_BASE, ...project('Support', READ)],
  NONE: [],
} as const satisfies Record<string, readonly ProjectPermissionName[]>;
export type ProjectRoleName = keyof typeof BUILT_IN_PROJECT_ROLES;
export const PROJECT_ROLE_NAMES = Object.keys(BUILT_IN_PROJECT_ROLES) as ProjectRoleName[];
/** Project roles a project membership may hold (OWNER comes from the project's owner, not a membership). */
export const ASSIGNABLE_PROJECT_ROLE_NAMES = PROJECT_ROLE_NAMES.filter((role) => role !== 'OWNER');

export function isOrgRoleName(value: string): value is OrgRoleName {
  return Object.hasOwn(BUILT_IN_ORG_ROLES, value);
}
export function isProjectRoleName(value: string): value is ProjectRoleName {
  return Object.hasOwn(BUILT_IN_PROJECT_ROLES, value);
}

// ---- evaluation ----

/** A role held by the caller, as §3 Role names its kind (category) and where it applies (categoryKey). */
export interface RoleRef {
  readonly category: 'ORG_ROLE' | 'PROJECT_ROLE';
  readonly roleName: string;
}

/**
 * The permissions built-in roles give: the organization roles' own, and in a project the
 * project roles' plus every project permission for ORG_ROLES_WITH_ALL_PROJECT_PERMISSIONS.
 * Unknown role names (a role of a later issue) give nothing.
 */
export function permissionsOfBuiltInRoles(
  orgRoles: readonly string[],
  projectRoles: readonly string[] | undefined,
): Set<PermissionName> {
  const granted = new Set<PermissionName>();
  for (const role of orgRoles) {
    if (!isOrgRoleName(role)) continue;
    for (const permission of BUILT_IN_ORG_ROLES[role]) granted.add(permission);
    if (projectRoles && ORG_ROLES_WITH_ALL_PROJECT_PERMISSIONS.includes(role)) {
      for (const permission of PROJECT_PERMISSIONS) granted.add(permission);
    }
  }
  for (const role of projectRoles ?? []) {
    if (!isProjectRoleName(role)) continue;
    for (const permission of BUILT_IN_PROJECT_ROLES[role]) granted.add(permission);
  }
  return granted;
}

/**
 * Built-in roles that grant ALL the given permissions, the narrowest first (fewest permissions),
 * so "needs PROJECT_MEMBER_ADMIN" comes before "needs OWNER". Project permissions are also
 * granted by the organization roles that hold every project permission.
 */
export function rolesGranting(permissions: readonly PermissionName[]): RoleRef[] {
  const candidates: { ref: RoleRef; size: number; grants: ReadonlySet<PermissionName> }[] = [];
  const needsProject = permissions.some((permission) => permission.startsWith('Project.'));
  for (const role of ORG_ROLE_NAMES) {
    const grants = permissionsOfBuiltInRoles([role], needsProject ? [] : undefined);
    candidates.push({ ref: { category: 'ORG_ROLE', roleName: role }, size: grants.size, grants });
  }
  if (permissions.every((permission) => permission.startsWith('Project.'))) {
    for (const role of PROJECT_ROLE_NAMES) {
      const grants = new Set<PermissionName>(BUILT_IN_PROJECT_ROLES[role]);
      candidates.push({ ref: { category: 'PROJECT_ROLE', roleName: role }, size: grants.size, grants });
    }
  }
  return candidates
    .filter((candidate) => candidate.size > 0 && permissions.every((permission) => candidate.grants.has(permission)))
    .sort((a, b) => a.size - b.size || (a.ref.category === b.ref.category ? 0 : a.ref.category === 'PROJECT_ROLE' ? -1 : 1))
    .map((candidate) => candidate.ref);
}

// ---- role ids ----

/** Role categories (spec §3 Role.category). */
export const ROLE_CATEGORIES = [
  'ORG_ROLE',
  'ORG_ROLE_GROUP',
  'PROJECT_ROLE',
  'PROJECT_ROLE_GROUP',
  'ORG_SERVICE_ROLE',
  'PROJECT_SERVICE_ROLE',
  'SYSTEM_ROLE',
] as const;
export type RoleCategory = (typeof ROLE_CATEGORIES)[number];

/**
 * A built-in role's id: `{category}:{roleName}`, e.g. `PROJECT_ROLE:MEMBER`, `ORG_ROLE:ADMIN`.
 * Role groups are identified by their uuid instead (category ORG_ROLE_GROUP/PROJECT_ROLE_GROUP).
 */
export const roleIdOf = (category: 'ORG_ROLE' | 'PROJECT_ROLE', roleName: string) => `${category}:${roleName}`;

/** The built-in role a role id names, or undefined for anything else. */
export function parseRoleId(roleId: string): { category: 'ORG_ROLE'; roleName: OrgRoleName } | { category: 'PROJECT_ROLE'; roleName: ProjectRoleName } | undefined {
  const colon = roleId.indexOf(':');
  if (colon === -1) return undefined;
  const category = roleId.slice(0, colon);
  const roleName = roleId.slice(colon + 1);
  if (category === 'ORG_ROLE' && isOrgRoleName(roleName)) return { category, roleName };
  if (category === 'PROJECT_ROLE' && isProjectRoleName(roleName)) return { category, roleName };
  return undefined;
}

/** The permissions a built-in role id grants (empty for an unknown id). */
export function permissionsOfRoleId(roleId: string): readonly PermissionName[] {
  const role = parseRoleId(roleId);
  if (!role) return [];
  return role.category === 'ORG_ROLE' ? BUILT_IN_ORG_ROLES[role.roleName] : BUILT_IN_PROJECT_ROLES[role.roleName];
}
