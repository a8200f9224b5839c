import type { PermissionName, RoleRef } from '@console/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { orgSelfRolesQuery, projectSelfRolesQuery } from './queries.ts';
import { requiredRolesText, rolesGrantingAll, type RoleLike } from './role-names.ts';

/** Where permissions are asked about: an organization or a project (none: nothing is known yet). */
export type PermissionScope = { readonly orgId: string | undefined } | { readonly projectId: string | undefined };

/** Whether the caller may do one thing here, and if not, why (for a disabled control's tooltip). */
export interface PermissionCheck {
  /** The caller holds every permission asked about. False while loading. */
  readonly allowed: boolean;
  readonly loading: boolean;
  /** Built-in roles that would grant what is missing, the narrowest first (empty when allowed). */
  readonly grantingRoles: readonly RoleRef[];
  /**
   * The text a disabled control shows: "Requires the Owner role.", or "Checking your
   * permissions…" while loading; undefined when allowed.
   */
  readonly reason: string | undefined;
}

export interface Permissions {
  readonly isLoading: boolean;
  readonly isError: boolean;
  /** The caller's roles there (organization roles that reach a project included). */
  readonly roles: readonly RoleLike[];
  /** The caller's effective permissions there, as the server resolved them. */
  readonly permissions: ReadonlySet<string>;
  /** Checks ALL the given permissions (spec §6: AND). */
  readonly check: (...permissions: PermissionName[]) => PermissionCheck;
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * The caller's effective permissions in the current organization or project (GET self/roles),
 * with a loading state. Controls the caller may not use stay visible but disabled, and say which
 * role would allow them. The server's check stays the authority: a call it refuses answers PERMISSION_DENIED and
 * opens the permission modal. When the roles cannot be loaded, nothing is disabled here (the
 * server still decides).
 */
export function usePermissions(scope: PermissionScope): Permissions {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const orgId = 'orgId' in scope ? scope.orgId : undefined;
  const projectId = 'projectId' in scope ? scope.projectId : undefined;
  const org = useQuery({ ...orgSelfRolesQuery(orgId ?? ''), enabled: orgId !== undefined });
  const project = useQuery({ ...projectSelfRolesQuery(projectId ?? ''), enabled: projectId !== undefined });
  const query = projectId !== undefined ? project : org;
  const asked = orgId !== undefined || projectId !== undefined;
  const isLoading = asked ? query.isPending : true;
  const isError = query.isError;
  const data = query.data;

  const permissions = useMemo(() => (data ? new Set(data.permissions) : EMPTY), [data]);
  const roles = useMemo(() => data?.roles ?? [], [data]);

  const check = useCallback(
    (...needed: PermissionName[]): PermissionCheck => {
      if (isError) return { allowed: true, loading: false, grantingRoles: [], reason: undefined };
      if (isLoading) return { allowed: false, loading: true, grantingRoles: [], reason: t('permissions.checking') };
      const missing = needed.filter((permission) => !permissions.has(permission));
      if (missing.length === 0) return { allowed: true, loading: false, grantingRoles: [], reason: undefined };
      const grantingRoles = rolesGrantingAll(missing);
      return { allowed: false, loading: false, grantingRoles, reason: requiredRolesText(t, locale, grantingRoles) };
    },
    [isError, isLoading, permissions, t, locale],
  );

  return { isLoading, isError, roles, permissions, check };
}
