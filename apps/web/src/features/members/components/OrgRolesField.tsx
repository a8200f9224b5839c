import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { MultiselectField } from '../../../shared/form/MultiselectField.tsx';
import { orgRoleOptions } from './member-labels.ts';

/** The organization roles a member is given (inviting, or changing them): the assignable roles, OWNER not among them. */
export function OrgRolesField<T extends FieldValues & { orgRoleCodes: readonly string[] }>({
  control,
  disabled,
  testId,
}: {
  control: Control<T>;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <MultiselectField
      control={control}
      name={'orgRoleCodes' as FieldPath<T>}
      label={t('members.columns.roles')}
      placeholder={t('members.rolesPlaceholder')}
      options={orgRoleOptions(t)}
      disabled={disabled}
      testId={testId}
    />
  );
}
