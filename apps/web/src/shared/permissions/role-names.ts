import type { Locale } from '@console/contracts/locales';
import {
  isOrgRoleName,
  isProjectRoleName,
  rolesGranting,
  type PermissionName,
  type RoleRef,
} from '@console/contracts/permissions';
import type { TFunction } from 'i18next';
import { LOCALE_TAGS } from '../i18n/locale.ts';

/** A role as the API names it: `{category, roleName}` (self/roles, -6 neededRoles). */
export interface RoleLike {
  readonly category: string;
  readonly roleName: string;
}

/** The translated name of a built-in role; an unknown role (of a later issue) keeps its code. */
export function roleLabel(t: TFunction, role: RoleLike): string {
  if (role.category === 'ORG_ROLE' && isOrgRoleName(role.roleName)) return t(`roles.org.${role.roleName}`);
  if (role.category === 'PROJECT_ROLE' && isProjectRoleName(role.roleName)) return t(`roles.project.${role.roleName}`);
  return role.roleName;
}

/**
 * Role names for a sentence: when organization and project roles are mixed, each says where it
 * applies ("Admin (project)"), because both scopes have an ADMIN and an OWNER.
 */
export function roleLabels(t: TFunction, roles: readonly RoleLike[]): string[] {
  const mixed = new Set(roles.map((role) => role.category)).size > 1;
  return roles.map((role) => {
    const name = roleLabel(t, role);
    if (!mixed) return name;
    return role.category === 'ORG_ROLE' ? t('permissions.inOrganization', { role: name }) : t('permissions.inProject', { role: name });
  });
}

/** "A, B or C" in the active language. */
export function orList(locale: Locale, items: readonly string[]): string {
  return new Intl.ListFormat(LOCALE_TAGS[locale], { type: 'disjunction' }).format(items);
}

/** "Requires the Owner role." / "Requires one of these roles: …" for roles granting what is missing. */
export function requiredRolesText(t: TFunction, locale: Locale, roles: readonly RoleLike[]): string {
  if (roles.length === 0) return t('permissions.noRoleGrants');
  const labels = roleLabels(t, roles);
  return labels.length === 1
    ? t('permissions.requiresRole', { roles: labels[0] ?? '' })
    : t('permissions.requiresOneOfRoles', { roles: orList(locale, labels) });
}

/** The built-in roles that grant all of `permissions`, narrowest first (contracts' role → permission map). */
export const rolesGrantingAll = (permissions: readonly PermissionName[]): RoleRef[] => rolesGranting(permissions);
