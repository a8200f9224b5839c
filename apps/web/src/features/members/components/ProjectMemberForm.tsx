import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { addProjectMember } from '@console/contracts/members';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { MultiselectField } from '../../../shared/form/MultiselectField.tsx';
import { SelectField } from '../../../shared/form/SelectField.tsx';
import { applyServerErrors, isFieldErrorOnly } from '../../../shared/form/server-errors.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { projectMemberCandidatesQuery } from '../api/queries.ts';
import { projectRoleOptions } from './member-labels.ts';
import { ProjectRoleGroupsField } from '../../role-groups/components/ProjectRoleGroupsField.tsx';

const Schema = z
  .object({
    projectMemberUuid: z.string().min(1, { error: 'validation.required' }),
    projectMemberRoleCodeList: addProjectMember.body!.shape.projectMemberRoleCodeList,
    projectMemberRoleGroupIdList: z.array(z.string()),
  })
  // A membership holds at least one role or one role group (the API's rule).
  .superRefine((value, ctx) => {
    if (value.projectMemberRoleCodeList.length === 0 && value.projectMemberRoleGroupIdList.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['projectMemberRoleCodeList'], message: 'validation.roles.required' });
    }
  });
type Values = z.infer<typeof Schema>;
const FIELDS = ['projectMemberUuid', 'projectMemberRoleCodeList', 'projectMemberRoleGroupIdList'] as const;

/**
 * Add a member of the organization (cloud member or IAM account, from the API's candidates) with
 * project roles, or change a member's roles (`member` given). The §5 role rules show next to the
 * roles; the API's refusals (10012 sole ADMIN, 12100 …) in the Form's errorText, translated.
 */
export function ProjectMemberForm({
  projectId,
  member,
  onSave,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  projectId: string;
  member?: { id: string; label: string; roles: string[]; roleGroups?: string[] };
  onSave: (values: Values) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const candidates = useQuery({ ...projectMemberCandidatesQuery(projectId), enabled: member === undefined });
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(Schema, { error: formErrorMap(t) }) as never,
    mode: 'onTouched',
    defaultValues: {
      projectMemberUuid: member?.id ?? '',
      projectMemberRoleCodeList: member?.roles ?? ['MEMBER'],
      projectMemberRoleGroupIdList: member?.roleGroups ?? [],
    },
  });
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const options = member
    ? [{ value: member.id, label: member.label }]
    : (candidates.data ?? []).map((candidate) => ({
        value: candidate.memberUuid,
        label: candidate.name,
        description: candidate.memberType === 'IAM' ? `${candidate.userCode ?? ''} · ${candidate.email}` : candidate.email,
        tags: [t(candidate.memberType === 'IAM' ? 'projectMembers.type.IAM' : 'projectMembers.type.TOAST_CLOUD')],
      }));

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    setPending(true);
    try {
      await onSave(values);
      onDone();
    } catch (error) {
      const text = applyServerErrors(error, form.setError, FIELDS, t);
      if (!isFieldErrorOnly(error, FIELDS)) setFormError(text);
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="project-member-form">
      <Form
        errorText={
          formError || candidates.isError ? (
            <span data-testid="project-member-form-error">{formError ?? apiErrorMessage(candidates.error, t)}</span>
          ) : undefined
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onCancel} data-testid="project-member-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              formAction="submit"
              loading={pending}
              disabled={pending}
              nativeButtonAttributes={{ 'data-testid': 'project-member-submit' }}
            >
              {member ? t('common.save') : t('projectMembers.add.submit')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          <SelectField
            control={form.control}
            name="projectMemberUuid"
            label={t('projectMembers.add.member')}
            description={member ? undefined : t('projectMembers.add.memberDescription')}
            placeholder={t('projectMembers.add.memberPlaceholder')}
            options={options}
            disabled={member !== undefined}
            loading={member === undefined && candidates.isPending}
            loadingText={t('common.loading')}
            testId="project-member-select"
          />
          <MultiselectField
            control={form.control}
            name="projectMemberRoleCodeList"
            label={t('members.columns.roles')}
            constraintText={t('projectMembers.rolesRule')}
            placeholder={t('members.rolesPlaceholder')}
            options={projectRoleOptions(t)}
            testId="project-member-roles"
          />
          <ProjectRoleGroupsField control={form.control} name="projectMemberRoleGroupIdList" projectId={projectId} />
        </SpaceBetween>
      </Form>
    </form>
  );
}
