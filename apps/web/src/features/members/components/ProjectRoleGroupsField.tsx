import { MEMBER_LIST_LIMIT } from '@console/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { MultiselectField } from '../../../shared/form/MultiselectField.tsx';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { roleGroupsQuery } from '../../../data/role-groups/queries.ts';

/**
 * The role groups a project member holds, next to the built-in roles of the member forms: the
 * project's own groups and the organization's common ones (GET projects/{id}/role-groups). Shown
 * only to those who may list the groups.
 */
export function ProjectRoleGroupsField<T extends FieldValues>({ control, name, projectId }: { control: Control<T>; name: FieldPath<T>; projectId: string }) {
  const { t } = useTranslation();
  const listCheck = usePermissions({ projectId }).check('Project.RoleGroup.List');
  const groups = useQuery({
    ...roleGroupsQuery({ kind: 'project', projectId }, { page: 1, limit: MEMBER_LIST_LIMIT, sort: 'name,asc' }),
    enabled: listCheck.allowed,
  });
  if (!listCheck.allowed) return null;
  const options = (groups.data?.roleGroups ?? []).map((group) => ({
    value: group.roleGroupId,
    label: group.roleGroupName,
    description: group.description || undefined,
    tags: [t(`roleGroups.type.${group.typeCode}`)],
  }));
  return (
    <MultiselectField
      control={control}
      name={name}
      label={t('roleGroups.memberField')}
      description={t('roleGroups.memberFieldDescription')}
      placeholder={t('roleGroups.memberFieldPlaceholder')}
      options={options}
      disabled={groups.isPending}
      testId="project-member-role-groups"
    />
  );
}
