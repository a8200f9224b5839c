import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ProjectMember } from '@console/contracts/members';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error.ts';
import { MultiselectField } from '../../../shared/form/MultiselectField.tsx';
import { SelectField } from '../../../shared/form/SelectField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { isFieldErrorOnly } from '../../../shared/form/server-errors.ts';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { roleLabel } from '../../../shared/permissions/role-names.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { ProjectRoleGroupsField } from './ProjectRoleGroupsField.tsx';
import { useAddProjectMemberMutation, useUpdateProjectMemberMutation } from '../../../data/members/mutations.ts';
import { projectMemberCandidatesQuery } from '../../../data/members/queries.ts';
import { projectRoleOptions } from './member-labels.ts';
import { paths } from '../../../shared/paths.ts';
import { PROJECT_MEMBER_KIND_PATH, type ProjectMemberKind } from './project-member-kind.ts';
import type { Schema } from './project-member-schema.ts';

export { PROJECT_MEMBER_KIND_PATH, type ProjectMemberKind } from './project-member-kind.ts';

type Values = z.infer<typeof Schema>;
const FIELDS = ['projectMemberUuid', 'projectMemberRoleCodeList', 'projectMemberRoleGroupIdList'] as const satisfies readonly FieldPath<Values>[];

/**
 * Where a server field error belongs: `body.projectMemberRoleGroupIdList.2` (one unknown group)
 * and `body.projectMemberRoleCodeList.0` belong to their list's field.
 */
function serverAliases(error: unknown): Record<string, FieldPath<Values>> {
  const aliases: Record<string, FieldPath<Values>> = {};
  if (!isApiError(error)) return aliases;
  for (const { field } of error.fieldErrors) {
    const list = FIELDS.find((name) => field.startsWith(`body.${name}.`) || field.startsWith(`${name}.`));
    if (list) aliases[field] = list;
  }
  return aliases;
}

/** Refusals about the roles as a whole, shown next to the roles: PROJECT_WITHOUT_ADMIN (no ADMIN would remain), PROJECT_MEMBERS_WITHOUT_ROLES (no role). */
const ROLE_REFUSALS = new Set(['10012', '10010']);

/**
 * The project member form of the add and modify pages: the member (a candidate of one kind to
 * add, or the member being changed), project roles and role groups. Rules (§5) and the server's
 * field errors show next to their fields, the sole-ADMIN refusal (PROJECT_WITHOUT_ADMIN) next to the roles;
 * leaving with unsaved changes asks first; a save returns to the member list with a toast.
 */
export function ProjectMemberForm({
  projectId,
  memberType,
  member,
}: {
  projectId: string;
  memberType: ProjectMemberKind;
  /** The member being changed; absent on the add page. */
  member?: ProjectMember;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const permissions = usePermissions({ projectId });
  const check = member
    ? permissions.check('Project.Member.Update', ...(memberType === 'IAM' ? (['Project.Member.Iam.Update'] as const) : []))
    : permissions.check('Project.Member.Create', ...(memberType === 'IAM' ? (['Project.Member.Iam.Create'] as const) : []));
  const candidates = useQuery({
    ...projectMemberCandidatesQuery(projectId, memberType),
    enabled: member === undefined && check.allowed,
  });
  const add = useAddProjectMemberMutation(projectId);
  const update = useUpdateProjectMemberMutation(projectId);
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./project-member-schema.ts').then((module) => module.Schema),
    defaultValues: {
      projectMemberUuid: member?.projectMemberUuid ?? '',
      projectMemberRoleCodeList: member?.projectMemberRoleCodeList ?? ['MEMBER'],
      projectMemberRoleGroupIdList: (member?.projectMemberRoleGroups ?? []).map((group) => group.roleGroupId),
    },
    fields: FIELDS,
    aliases: serverAliases,
    submit: async (values) => {
      if (member) {
        await update.mutateAsync({
          memberId: member.projectMemberUuid,
          roles: values.projectMemberRoleCodeList,
          roleGroups: values.projectMemberRoleGroupIdList,
        });
        return { name: member.name, done: 'members.modify.saved' } as const;
      }
      const { projectMember } = await add.mutateAsync(values);
      return { name: projectMember.name, done: 'projectMembers.add.done' } as const;
    },
    onSuccess: async ({ name, done }) => {
      toasts.show({ type: 'success', content: t(done, { name }) });
      await leaveWithoutAsking(() => navigate(back));
    },
    handleError: (error) => {
      if (!isApiError(error) || error.code === undefined || !ROLE_REFUSALS.has(error.code)) return false;
      form.setError('projectMemberRoleCodeList', { type: 'server', message: apiErrorMessage(error, t) }, { shouldFocus: true });
      return true;
    },
    // Adding says so first (spec §8 'Failed to add member.'), then why.
    formErrorText: (text, error) =>
      isFieldErrorOnly(error, FIELDS, serverAliases(error)) ? undefined : member ? text : `${t('projectMembers.add.failed')} ${text}`,
  });
  const { leaveWithoutAsking } = useUnsavedChangesGuard(form.formState.isDirty);
  // "At least one role or role group" is the roles' rule: choosing a group re-checks the roles.
  // With a group the roles may be empty (a standing "at least one" goes); without one, touched roles are checked again.
  const groupIds = useWatch({ control: form.control, name: 'projectMemberRoleGroupIdList' });
  const rolesChecked = Boolean(form.formState.touchedFields.projectMemberRoleCodeList) || form.formState.isSubmitted;
  const { trigger, getFieldState } = form;
  useEffect(() => {
    if (groupIds.length > 0 ? getFieldState('projectMemberRoleCodeList').invalid : rolesChecked) void trigger('projectMemberRoleCodeList');
  }, [groupIds, rolesChecked, getFieldState, trigger]);
  const back = paths.project(projectId).member;
  const pending = add.isPending || update.isPending;
  const kind = PROJECT_MEMBER_KIND_PATH[memberType];

  const options = (candidates.data ?? []).map((candidate) => ({
    value: candidate.memberUuid,
    label: candidate.name,
    description: candidate.memberType === 'IAM' ? `${candidate.userCode ?? ''} · ${candidate.email}` : candidate.email,
  }));

  const shownError = formError ?? (candidates.isError ? apiErrorMessage(candidates.error, t) : undefined);

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={shownError}
      testId="project-member-form"
      errorTestId="project-member-form-error"
      cancel={{ onClick: () => void navigate(back), testId: 'project-member-cancel' }}
      submit={{
        text: member ? t('common.save') : t('projectMembers.add.submit'),
        testId: 'project-member-submit',
        pending,
        disabled: !check.allowed,
        disabledReason: check.reason,
      }}
    >
      <SpaceBetween size="l">
        <Container
          header={
            <Header variant="h2">
              {member
                ? member.isProjectOwner
                  ? `${member.name} (${roleLabel(t, { category: 'PROJECT_ROLE', roleName: 'OWNER' })})`
                  : member.name
                : t('projectMembers.add.member')}
            </Header>
          }
        >
          {member ? (
            <KeyValuePairs
              columns={3}
              data-testid="project-member-summary"
              items={[
                // A cloud member's ID is their email: shown once.
                ...(member.userCode ? [{ label: t('projectMembers.columns.id'), value: member.userCode }] : []),
                { label: t('members.columns.email'), value: member.email },
                { label: t('projectMembers.columns.type'), value: t(`projectMembers.type.${member.memberType}`) },
              ]}
            />
          ) : (
            <SpaceBetween size="s">
              <SelectField
                control={form.control}
                name="projectMemberUuid"
                label={t(`projectMembers.add.${kind}`)}
                description={t(`projectMembers.add.${kind}MemberDescription`)}
                placeholder={t('projectMembers.add.memberPlaceholder')}
                options={options}
                disabled={!check.allowed}
                loading={check.allowed && candidates.isPending}
                loadingText={t('common.loading')}
                testId="project-member-select"
              />
              {candidates.isSuccess && options.length === 0 ? (
                <Alert type="info" data-testid="project-member-no-candidates">
                  {t(`projectMembers.add.noCandidates.${memberType}`)}
                </Alert>
              ) : null}
            </SpaceBetween>
          )}
        </Container>
        <Container header={<Header variant="h2">{t('projectMembers.roles')}</Header>}>
          <SpaceBetween size="m">
            <MultiselectField
              control={form.control}
              name="projectMemberRoleCodeList"
              label={t('members.columns.roles')}
              constraintText={t('projectMembers.rolesRule')}
              placeholder={t('members.rolesPlaceholder')}
              options={projectRoleOptions(t)}
              // Every project role, each service's too (27): a search box finds one by name.
              filteringType="auto"
              disabled={!check.allowed}
              testId="project-member-roles"
            />
            <ProjectRoleGroupsField control={form.control} name="projectMemberRoleGroupIdList" projectId={projectId} />
          </SpaceBetween>
        </Container>
      </SpaceBetween>
    </ServerForm>
  );
}
