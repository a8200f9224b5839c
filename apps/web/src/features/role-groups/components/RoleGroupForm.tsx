import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { RoleGroupBody, RoleGroupDetail, RoleGroupPreview as Preview } from '@console/contracts/role-groups';
import { ROLE_GROUP_NAME_MAX_LENGTH } from '@console/contracts/role-groups-constants';
import type { RoleTreeNode } from '@console/contracts/roles';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { useLazyResolver } from '../../../shared/form/lazy-resolver.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { TextareaField } from '../../../shared/form/TextareaField.tsx';
import type { RoleGroupFormInput, RoleGroupFormValues } from './role-group-form.ts';
import { RoleGroupMembersByProject, RoleGroupMembersPicker, type MemberChoice } from './RoleGroupMembers.tsx';
import { RoleGroupRolesEditor } from './RoleGroupRolesEditor.tsx';
import { useRoleGroupSubmit } from './use-role-group-submit.tsx';
import { useReportDirty } from '../../../shared/form/use-report-dirty.ts';

export type { MemberChoice } from './RoleGroupMembers.tsx';

/** The schema loads after the form's first paint (zod with it); a blur or submit before it arrives waits for it. */
const loadSchema = () => import('./role-group-form-schema.ts').then((module) => module.RoleGroupFormSchema);

export interface RoleGroupFormProps {
  /** 'project': a project's group (members chosen here); 'org': a common group (members listed by project). */
  readonly scopeKind: 'org' | 'project';
  readonly timeZone: string;
  readonly group?: RoleGroupDetail | undefined;
  readonly catalogue: readonly RoleTreeNode[];
  readonly categoryNames: ReadonlyMap<string, string>;
  /** Why the caller may not change the group itself (undefined: they may). */
  readonly editDisabledReason: string | undefined;
  readonly members?: MemberChoice | undefined;
  /** What saving would change; `projectMemberUuids`: who holds the group after the save, when the form sets them. */
  readonly preview: (body: RoleGroupBody, projectMemberUuids: string[] | undefined) => Promise<Preview>;
  readonly save: (body: RoleGroupBody) => Promise<{ roleGroup: RoleGroupDetail }>;
  readonly assign?: ((roleGroupId: string, projectMemberUuids: string[]) => Promise<unknown>) | undefined;
  readonly onDone: (group: { roleGroupId: string; roleGroupName: string }, created: boolean) => void;
  readonly onCancel: () => void;
  readonly onDirtyChange: (dirty: boolean) => void;
}

/**
 * Add or modify a role group (spec §2 role-group add/modify, §3 RoleDetail, §5): name (required,
 * checked on blur), description, roles picked from the catalogue by category with their
 * descriptions, per role a deny toggle and conditions (unless the role's properties forbid them),
 * and in a project who holds the group. Saving first previews what every member gains and loses
 * and asks for confirmation; the server's field errors (INVALID_CONDITION_DATA_TYPE / CONDITION_VALUES_EXIST on a condition) show next to
 * the field they concern.
 */
export function RoleGroupForm({
  scopeKind,
  timeZone,
  group,
  catalogue,
  categoryNames,
  editDisabledReason,
  members,
  preview,
  save,
  assign,
  onDone,
  onCancel,
  onDirtyChange,
}: RoleGroupFormProps) {
  const { t } = useTranslation();
  const canEdit = editDisabledReason === undefined;
  const canAssign = members !== undefined && members.disabledReason === undefined && assign !== undefined;
  const initialMembers = useMemo(() => (group?.members ?? []).map((member) => member.projectMemberUuid), [group]);
  const resolver = useLazyResolver(loadSchema, formErrorMap(t));
  const form = useForm<RoleGroupFormInput, unknown, RoleGroupFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      roleGroupName: group?.roleGroupName ?? '',
      description: group?.description ?? '',
      roles: (group?.roles ?? []).map((role) => ({ roleId: role.roleId, denialSetting: role.denialSetting, conditions: role.conditions })),
      memberUuids: initialMembers,
    },
  });
  const submit = useRoleGroupSubmit({ form, scopeKind, group, canEdit, canAssign, initialMembers, preview, save, assign, onDone });
  const dirty = form.formState.isDirty;
  useReportDirty(dirty, onDirtyChange);

  return (
    <ServerForm
      onSubmit={submit.onSubmit}
      formError={submit.formError}
      testId="role-group-form"
      errorTestId="role-group-form-error"
      cancel={{ onClick: onCancel, testId: 'role-group-cancel' }}
      submit={{
        text: group ? t('roleGroups.form.save') : t('roleGroups.form.create'),
        testId: 'role-group-submit',
        pending: submit.pending,
        disabled: !canEdit && !canAssign,
        disabledReason: !canEdit && !canAssign ? editDisabledReason : undefined,
      }}
    >
      <SpaceBetween size="l">
        {!canEdit ? (
          <Alert type="info" data-testid="role-group-read-only">
            {t('roleGroups.form.readOnly', { reason: editDisabledReason ?? '' })}
          </Alert>
        ) : null}
        <Container header={<Header variant="h2">{t('roleGroups.form.general')}</Header>}>
          <SpaceBetween size="m">
            <InputField
              control={form.control}
              name="roleGroupName"
              label={t('roleGroups.form.name')}
              placeholder={t('roleGroups.form.namePlaceholder')}
              constraintText={t('roleGroups.form.nameConstraint', { max: ROLE_GROUP_NAME_MAX_LENGTH })}
              disabled={!canEdit}
              testId="role-group-name"
            />
            <TextareaField
              control={form.control}
              name="description"
              label={
                <>
                  {t('roleGroups.form.description')} <i>- {t('roleGroups.form.descriptionOptional')}</i>
                </>
              }
              rows={2}
              disabled={!canEdit}
              testId="role-group-description"
            />
          </SpaceBetween>
        </Container>
        <RoleGroupRolesEditor
          form={form}
          catalogue={catalogue}
          categoryNames={categoryNames}
          timeZone={timeZone}
          disabled={!canEdit}
          submitted={submit.submitted}
          serverErrors={submit.serverErrors}
          onRolesChange={submit.clearServerErrors}
        />
        {scopeKind === 'project' && members ? <RoleGroupMembersPicker control={form.control} members={members} canAssign={canAssign} /> : null}
        {scopeKind === 'org' && group ? <RoleGroupMembersByProject members={group.members} /> : null}
      </SpaceBetween>
    </ServerForm>
  );
}
