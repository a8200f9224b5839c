import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { DeniedState } from '../../../shared/ui/DeniedState.tsx';
import { RoleGroupsTable } from '../../../widgets/role-groups/RoleGroupsTable.tsx';

/**
 * The organization's common role groups, a section of /org/:orgId/setting (spec §2 setting,
 * setting/role-group/add and modify). Only the organization OWNER or an ADMIN changes them (§6).
 */
export function OrgRoleGroupsSection({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const permissions = usePermissions({ orgId });
  const listCheck = permissions.check('Organization.RoleGroup.List');
  if (listCheck.loading) return null;
  return (
    <div data-testid="org-role-groups">
      {listCheck.allowed ? (
        <RoleGroupsTable
          scope={{ kind: 'org', orgId }}
          title={t('roleGroups.orgSectionTitle')}
          description={t('roleGroups.orgSectionDescription')}
          checks={{
            create: permissions.check('Organization.RoleGroup.Create'),
            update: permissions.check('Organization.RoleGroup.Update'),
            remove: permissions.check('Organization.RoleGroup.Delete'),
          }}
        />
      ) : (
        <DeniedState reason={listCheck.reason} testId="org-role-groups-denied" />
      )}
    </div>
  );
}
