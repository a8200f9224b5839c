import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ResponseOf } from '@console/contracts/endpoint';
import { CreateProjectBodySchema, type createProject } from '@console/contracts/projects';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../shared/form/InputField.tsx';
import { SelectField } from '../../shared/form/SelectField.tsx';
import { ServerForm } from '../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../shared/form/use-server-form.ts';
import { TextareaField } from '../../shared/form/TextareaField.tsx';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { useCreateProjectMutation } from '../../data/organizations/mutations.ts';
import { organizationInfosQuery, orgProjectsQuery } from '../../data/organizations/queries.ts';
import { isSameName } from '../../shared/lib/names.ts';

const FIELDS = ['orgId', 'projectName', 'description'] as const;

/** The answer of a creation: the project, and whether another project of the organization the caller sees has its name. */
export type CreatedProject = ResponseOf<typeof createProject>;

export interface CreateProjectFormProps {
  /** The organization chosen at first (the one the user is in); the user may choose another. */
  readonly orgId: string | undefined;
  readonly onCreated: (created: CreatedProject) => void;
  readonly onCancel: () => void;
  readonly onDirtyChange?: (dirty: boolean) => void;
}

/**
 * Create project: organization, name and description. The organization's project count is shown
 * and its limit warned about; the server's answer at the limit (12401, or 1400 when support
 * turned creation off) shows on the form. Without Organization.Project.Create in the chosen
 * organization the form says which role would allow it. A name another project of the chosen
 * organization has (among those the caller sees) is warned about, not refused.
 */
export function CreateProjectForm({ orgId: initialOrgId, onCreated, onCancel, onDirtyChange }: CreateProjectFormProps) {
  const { t } = useTranslation();
  const create = useCreateProjectMutation();
  const infos = useQuery(organizationInfosQuery());
  const { form, formError, onSubmit } = useServerForm({
    schema: CreateProjectBodySchema,
    defaultValues: { orgId: initialOrgId ?? '', projectName: '', description: '' },
    formOptions: { shouldFocusError: true },
    fields: FIELDS,
    submit: (body) => create.mutateAsync(body),
    onSuccess: (answer, body) => {
      form.reset(body);
      onDirtyChange?.(false);
      onCreated(answer);
    },
  });
  const isDirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const orgId = useWatch({ control: form.control, name: 'orgId' });
  const info = infos.data?.orgInfos.find((item) => item.orgId === orgId);
  const permissions = usePermissions({ orgId: orgId || undefined });
  const canCreate = permissions.check('Organization.Project.Create');
  const denied = orgId !== '' && !canCreate.allowed && !canCreate.loading;
  const atLimit = info !== undefined && info.projectCount >= info.projectLimit;
  const orgProjects = useQuery({ ...orgProjectsQuery(orgId), enabled: orgId !== '' });
  const projectName = useWatch({ control: form.control, name: 'projectName' });
  const duplicate = (orgProjects.data ?? []).some((project) => isSameName(project.projectName, projectName));

  const options = useMemo(
    () =>
      (infos.data?.orgInfos ?? []).map((item) => ({
        value: item.orgId,
        label: item.orgName,
        description: t('org.projects.create.usage', { count: item.projectCount, limit: item.projectLimit }),
      })),
    [infos.data, t],
  );

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="create-project-form"
      errorTestId="create-project-form-error"
      cancel={{ onClick: onCancel, testId: 'create-project-cancel' }}
      submit={{
        text: t('org.projects.create.submit'),
        testId: 'create-project-submit',
        pending: create.isPending,
        disabled: denied,
        disabledReason: denied ? canCreate.reason : undefined,
      }}
    >
      <SpaceBetween size="m">
        <Box variant="p" color="text-body-secondary">
          {t('org.projects.create.description')}
        </Box>
        <SelectField
          control={form.control}
          name="orgId"
          label={t('org.projects.create.organization')}
          options={options}
          placeholder={t('org.projects.create.organizationPlaceholder')}
          loading={infos.isPending}
          loadingText={t('common.loading')}
          testId="create-project-org"
        />
        {denied ? (
          <Alert type="warning" data-testid="create-project-denied">
            {t('org.projects.create.notAllowed', { reason: canCreate.reason ?? '' })}
          </Alert>
        ) : atLimit ? (
          <Alert type="info" data-testid="create-project-at-limit">
            {t('org.projects.create.atLimit', { limit: info.projectLimit })}
          </Alert>
        ) : null}
        <InputField
          control={form.control}
          name="projectName"
          label={t('org.projects.create.name')}
          constraintText={t('org.projects.create.nameConstraint')}
          placeholder={t('org.projects.create.namePlaceholder')}
          warningText={duplicate ? t('org.projects.create.duplicateName') : undefined}
          autoComplete="off"
          testId="create-project-name"
        />
        <TextareaField
          control={form.control}
          name="description"
          label={
            <>
              {t('org.projects.create.descriptionLabel')} <i>- {t('common.optional')}</i>
            </>
          }
          constraintText={t('org.projects.create.descriptionConstraint')}
          testId="create-project-description"
        />
      </SpaceBetween>
    </ServerForm>
  );
}
