import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { RoleTreeNode } from '@console/contracts/roles';
import { useMemo } from 'react';
import { useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useFieldErrorText } from '../../../shared/form/field-error.ts';
import type { RoleGroupFormApi, RoleGroupRoleInput, RoleServerErrors } from './role-group-form.ts';
import { RoleEditor, roleFieldError } from './RoleEditor.tsx';

function ErrorText({ error, testId }: { error: FieldError | undefined; testId: string }) {
  const text = useFieldErrorText(error);
  return text ? <span data-testid={testId}>{text}</span> : null;
}

export interface RoleGroupRolesEditorProps {
  readonly form: RoleGroupFormApi;
  readonly catalogue: readonly RoleTreeNode[];
  readonly categoryNames: ReadonlyMap<string, string>;
  readonly timeZone: string;
  readonly disabled: boolean;
  /** A submit was tried: every problem shows, and a change re-validates. */
  readonly submitted: boolean;
  readonly serverErrors: RoleServerErrors;
  /** The roles changed: the server's errors about them no longer apply. */
  readonly onRolesChange: () => void;
}

/** The group's roles: picked from the catalogue by category, each with its deny toggle and conditions. */
export function RoleGroupRolesEditor({
  form,
  catalogue,
  categoryNames,
  timeZone,
  disabled,
  submitted,
  serverErrors,
  onRolesChange,
}: RoleGroupRolesEditorProps) {
  const { t } = useTranslation();
  const roles = useWatch({ control: form.control, name: 'roles' });
  const byId = useMemo(() => new Map(catalogue.map((role) => [role.roleId, role])), [catalogue]);
  const roleOptions = useMemo<MultiselectProps.OptionGroup[]>(() => {
    const groups = new Map<string, MultiselectProps.Option[]>();
    for (const role of catalogue) {
      const list = groups.get(role.categoryKey) ?? [];
      list.push({ value: role.roleId, label: role.roleName, description: role.description });
      groups.set(role.categoryKey, list);
    }
    return [...groups].map(([key, options]) => ({ label: categoryNames.get(key) ?? key, options }));
  }, [catalogue, categoryNames]);

  const setRoles = (next: RoleGroupRoleInput[]) => {
    form.setValue('roles', next, { shouldDirty: true, shouldTouch: true, shouldValidate: submitted || form.formState.touchedFields.roles !== undefined });
    onRolesChange();
  };
  const updateRole = (index: number, next: RoleGroupRoleInput) => setRoles(roles.map((role, i) => (i === index ? next : role)));

  const rolesError = form.formState.errors.roles;
  const rolesRootError = (rolesError && 'message' in rolesError && typeof rolesError.message === 'string' ? rolesError : rolesError?.root) as
    | FieldError
    | undefined;
  const selectedOptions = roleOptions.flatMap((option) => option.options).filter((option) => roles.some((role) => role.roleId === option.value));

  return (
    <Container header={<Header variant="h2" description={t('roleGroups.form.rolesDescription')}>{t('roleGroups.form.roles')}</Header>}>
      <SpaceBetween size="m">
        <FormField
          label={t('roleGroups.form.pickRoles')}
          errorText={rolesRootError ? <ErrorText error={rolesRootError} testId="role-group-roles-error" /> : undefined}
          stretch
        >
          <Multiselect
            selectedOptions={selectedOptions}
            options={roleOptions}
            filteringType="auto"
            filteringPlaceholder={t('roleGroups.form.filterRoles')}
            placeholder={t('roleGroups.form.pickRolesPlaceholder')}
            hideTokens
            disabled={disabled}
            invalid={rolesRootError !== undefined}
            onBlur={() => form.trigger('roles').then(() => undefined)}
            onChange={({ detail }) => {
              const ids = detail.selectedOptions.map((option) => option.value ?? '');
              const kept = roles.filter((role) => ids.includes(role.roleId));
              const added = ids
                .filter((id) => !roles.some((role) => role.roleId === id))
                .map((roleId): RoleGroupRoleInput => ({ roleId, denialSetting: 'ALLOW', conditions: [] }));
              setRoles([...kept, ...added]);
            }}
            data-testid="role-group-role-picker"
          />
        </FormField>
        {roles.length === 0 ? <Box color="text-status-inactive">{t('roleGroups.form.noRoles')}</Box> : null}
        {roles.map((role, index) => (
          <RoleEditor
            key={role.roleId}
            role={role}
            node={byId.get(role.roleId)}
            categoryName={categoryNames.get(byId.get(role.roleId)?.categoryKey ?? '')}
            index={index}
            timeZone={timeZone}
            disabled={disabled}
            showAllProblems={submitted}
            roleError={serverErrors.roles.get(index) ?? roleFieldError(form.formState.errors.roles, index)}
            conditionErrors={serverErrors.conditions}
            onChange={(next) => updateRole(index, next)}
            onRemove={() => setRoles(roles.filter((_, i) => i !== index))}
          />
        ))}
      </SpaceBetween>
    </Container>
  );
}
