import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { roleLabel, type RoleLike } from '../../../shared/permissions/role-names.ts';

interface SelfRoles {
  readonly roles: readonly RoleLike[];
  readonly permissions: readonly string[];
}

/**
 * The caller's roles in one organization or project, translated. In a project, organization roles
 * that reach it (OWNER and ADMIN hold every project permission) are marked as coming from there.
 */
export function RolesCell({ query, scope }: { query: UseQueryResult<SelfRoles> | undefined; scope: 'org' | 'project' }) {
  const { t } = useTranslation();
  if (!query || query.isPending) return <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>;
  if (query.isError) return <StatusIndicator type="error">{t('errors.api.generic')}</StatusIndicator>;
  if (query.data.roles.length === 0) return <Box color="text-status-inactive">{t('rolesPage.noRoles')}</Box>;
  return (
    <SpaceBetween direction="horizontal" size="xxs">
      {[...query.data.roles].sort((a, b) => (a.category === b.category ? 0 : a.category === 'PROJECT_ROLE' ? -1 : 1)).map((role) => {
        const inherited = scope === 'project' && role.category === 'ORG_ROLE';
        return (
          <Badge key={`${role.category}-${role.roleName}`} color={role.roleName === 'OWNER' ? 'blue' : 'grey'}>
            {inherited
              ? `${roleLabel(t, role)} (${t('rolesPage.fromOrganization')})`
              : roleLabel(t, role)}
          </Badge>
        );
      })}
    </SpaceBetween>
  );
}

/** How many permissions the roles give, with the list in a popover. */
export function PermissionsCell({ query }: { query: UseQueryResult<SelfRoles> | undefined }) {
  const { t } = useTranslation();
  if (!query?.data) return null;
  const { permissions } = query.data;
  if (permissions.length === 0) return <Box color="text-status-inactive">0</Box>;
  return (
    <Popover
      size="large"
      triggerType="text"
      dismissButton={false}
      header={t('rolesPage.permissions')}
      content={
        <Box variant="small">
          <ul style={{ margin: 0, paddingInlineStart: 16, maxBlockSize: 320, overflowY: 'auto' }}>
            {permissions.map((permission) => (
              <li key={permission}>
                <Box variant="code" fontSize="body-s">
                  {permission}
                </Box>
              </li>
            ))}
          </ul>
        </Box>
      }
    >
      {t('rolesPage.permissionCount', { count: permissions.length })}
    </Popover>
  );
}
