import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { SelfRoleGroup } from '@console/contracts/authorize';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { roleIdLabel } from '../../../shared/permissions/condition-text.ts';

/**
 * The role groups the caller holds in a project (GET self/roles `roleGroups`), next to the built-in
 * roles on /roles: each group with its type, and its roles (deny roles and conditions marked) in a popover.
 */
export function SelfRoleGroupsCell({ query }: { query: Pick<UseQueryResult<object>, 'data'> | undefined }) {
  const { t } = useTranslation();
  if (!query?.data) return null;
  const groups = (query.data as { roleGroups?: readonly SelfRoleGroup[] }).roleGroups ?? [];
  if (groups.length === 0) return <Box color="text-status-inactive">{t('roleGroups.self.none')}</Box>;
  return (
    <SpaceBetween direction="horizontal" size="xxs">
      {groups.map((group) => (
        <Popover
          key={group.roleGroupId}
          triggerType="custom"
          dismissButton={false}
          header={group.roleGroupName}
          content={
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {group.roles.map((role) => (
                <li key={role.roleId}>
                  {roleIdLabel(t, role.roleId)}
                  {role.denialSetting === 'DENY' ? ` (${t('roleGroups.self.denyRole')})` : ''}
                  {role.conditionCount > 0 ? ` · ${t('roleGroups.self.conditionCount', { count: role.conditionCount })}` : ''}
                </li>
              ))}
            </ul>
          }
        >
          <span data-testid="self-role-group">
            <Badge color={group.typeCode === 'COMMON' ? 'blue' : 'green'}>
              {group.roleGroupName} · {t(`roleGroups.type.${group.typeCode}`)}
            </Badge>
          </span>
        </Popover>
      ))}
    </SpaceBetween>
  );
}
