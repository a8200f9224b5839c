import { DEFAULT_LOCALE, LANGS, langOf, type Lang, type Locale } from '@console/contracts/locales';
import { rolesGranting, type PermissionName, type RoleRef } from '@console/contracts/permissions';
import { builtInRoleNameOf } from '@console/contracts/role-catalogue';
import type { TFunction } from 'i18next';
import { i18n } from '../i18n/i18n.ts';
import { LOCALE_TAGS } from '../i18n/locale.ts';

/** A role as the API names it: `{category, roleName}` (self/roles, PERMISSION_DENIED neededRoles). */
export interface RoleLike {
  readonly category: string;
  readonly roleName: string;
}

/** The console's active language (what `t` translates into), as the contracts' catalogues are keyed. */
export function activeLang(): Lang {
  const language = i18n.language;
  return (LANGS as readonly string[]).includes(language) ? (language as Lang) : langOf(DEFAULT_LOCALE);
}

/**
 * The name of a built-in role in the active language, from the contracts' role catalogue (the one
 * place role names are written); an unknown role (of a later issue) keeps its code. `t` is kept in
 * the signature so callers read like every other translated text.
 */
export function roleLabel(_t: TFunction, role: RoleLike): string {
  return builtInRoleNameOf(role.category, role.roleName, activeLang()) ?? role.roleName;
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
