import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Project } from '@console/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useSettingsPanel, type SettingsPanelProps } from '../../../shared/form/use-settings-panel.ts';
import { TextareaField } from '../../../shared/form/TextareaField.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useUpdateProjectMutation } from '../../../data/projects/mutations.ts';
import { isSameName } from '../../../shared/lib/names.ts';
import { orgProjectsQuery } from '../../../data/organizations/queries.ts';

const FIELDS = ['projectName', 'description'] as const;

/**
 * Project management, General: the project's name and description. A name another project of the
 * organization has (among those the caller sees) is warned about, not refused.
 */
export function ProjectGeneralForm({ project, check, onDirtyChange }: SettingsPanelProps & { project: Project }) {
  const { t } = useTranslation();
  const update = useUpdateProjectMutation(project);
  const saved = { projectName: project.projectName, description: project.projectDescription };
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('@console/contracts/projects').then((module) => module.UpdateProjectBodySchema),
    defaultValues: saved,
    fields: FIELDS,
    submit: (body) => update.mutateAsync(body),
    onSuccess: (answer) => {
      form.reset({ projectName: answer.project.projectName, description: answer.project.projectDescription });
      toasts.show(
        answer.duplicateNameWarning
          ? { type: 'warning', content: t('project.setting.general.savedDuplicate', { name: answer.project.projectName }) }
          : { type: 'success', content: t('project.setting.general.saved', { name: answer.project.projectName }) },
      );
    },
  });
  // A name or description changed elsewhere shows unless the user is editing.
  const isDirty = useSettingsPanel(form, onDirtyChange, {
    projectName: project.projectName,
    description: project.projectDescription,
  });
  const names = useQuery(orgProjectsQuery(project.projectOrgId));
  const projectName = useWatch({ control: form.control, name: 'projectName' });
  const duplicate = (names.data ?? []).some(
    (other) => other.projectId !== project.projectId && isSameName(other.projectName, projectName),
  );

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="project-general-form"
      errorTestId="project-general-error"
  containerHeader={<Header variant="h2">{t('project.setting.general.title')}</Header>}
      submit={{
        text: t('common.save'),
        testId: 'project-settings-submit',
        pending: update.isPending,
        disabled: !check.allowed || !isDirty,
        disabledReason: check.reason,
      }}
    >
      <SpaceBetween size="m">
        <InputField
          control={form.control}
          name="projectName"
          label={t('project.setting.general.name')}
          constraintText={t('project.setting.general.nameConstraint')}
          disabled={!check.allowed}
          warningText={duplicate ? t('project.setting.general.duplicateName') : undefined}
          autoComplete="off"
          testId="project-name-input"
        />
        <TextareaField
          control={form.control}
          name="description"
          label={t('project.setting.general.description')}
          constraintText={t('project.setting.general.descriptionConstraint')}
          disabled={!check.allowed}
          testId="project-description-input"
        />
      </SpaceBetween>
    </ServerForm>
  );
}
