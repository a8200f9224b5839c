import Alert from '@cloudscape-design/components/alert';
import type { ResponseOf } from '@console/contracts/endpoint';
import type { createProject } from '@console/contracts/projects';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { InputField } from '../../shared/form/InputField.tsx';
import { SelectField } from '../../shared/form/SelectField.tsx';
import { TextareaField } from '../../shared/form/TextareaField.tsx';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { useCreateProjectMutation } from '../../data/organizations/mutations.ts';
import { organizationInfosQuery, orgProjectsQuery } from '../../data/organizations/queries.ts';
import { isSameName } from '../../shared/lib/names.ts';
import { CreationFrame, useCreationForm, type CreationFormProps } from './CreationForm.tsx';

const FIELDS = ['orgId', 'projectName', 'description'] as const;

/** The answer of a creation: the project, and whether another project of the organization the caller sees has its name. */
export type CreatedProject = ResponseOf<typeof createProject>;

export interface CreateProjectFormProps extends CreationFormProps<CreatedProject> {
  /** The organization chosen at first (the one the user is in); the user may choose another. */
  readonly orgId: string | undefined;
}

/**
 * Create project: organization, name and description. The organization's project count is shown
 * and its limit warned about; the server's answer at the limit (PROJECT_QUOTA_EXCEEDED, or PROJECT_CREATION_LIMIT when support
 * turned creation off) shows on the form. Without Organization.Project.Create in the chosen
 * organization the form says which role would allow it. A name another project of the chosen
 * organization has (among those the caller sees) is warned about, not refused.
 */
export function CreateProjectForm({ orgId: initialOrgId, onCreated, onCancel, onDirtyChange }: CreateProjectFormProps) {
  const { t } = useTranslation();
  const create = useCreateProjectMutation();
  const infos = useQuery(organizationInfosQuery());
  const server = useCreationForm({
    schema: () => import('@console/contracts/projects').then((module) => module.CreateProjectBodySchema),
    defaultValues: { orgId: initialOrgId ?? '', projectName: '', description: '' },
    fields: FIELDS,
    submit: (body) => create.mutateAsync(body),
    resetTo: (_answer, body) => body,
    onCreated,
    onDirtyChange,
  });
  const { form } = server;

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
    <CreationFrame
      kind="project"
      server={server}
      onCancel={onCancel}
      submitText={t('org.projects.create.submit')}
      pending={create.isPending}
      disabled={denied}
      disabledReason={denied ? canCreate.reason : undefined}
      description={t('org.projects.create.description')}
    >
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
    </CreationFrame>
  );
}
