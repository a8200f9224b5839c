import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Project } from '@console/contracts/organizations';
import { UpdateProjectBodySchema } from '@console/contracts/projects';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { applyServerErrors, isFieldErrorOnly } from '../../../shared/form/server-errors.ts';
import { TextareaField } from '../../../shared/form/TextareaField.tsx';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useUpdateProjectMutation } from '../api/mutations.ts';
import { isSameName } from '../../../shared/lib/names.ts';
import { orgProjectsQuery } from '../../organizations/api/queries.ts';

const FIELDS = ['projectName', 'description'] as const;

/**
 * Project management, General: the project's name and description. A name another project of the
 * organization has (among those the caller sees) is warned about, not refused.
 */
export function ProjectGeneralForm({
  project,
  check,
  onDirtyChange,
}: {
  project: Project;
  check: PermissionCheck;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const update = useUpdateProjectMutation(project);
  const saved = { projectName: project.projectName, description: project.projectDescription };
  const form = useForm({
    resolver: zodResolver(UpdateProjectBodySchema, { error: formErrorMap(t) }),
    mode: 'onTouched',
    defaultValues: saved,
  });
  const isDirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const names = useQuery(orgProjectsQuery(project.projectOrgId));
  const projectName = useWatch({ control: form.control, name: 'projectName' });
  const duplicate = (names.data ?? []).some(
    (other) => other.projectId !== project.projectId && isSameName(other.projectName, projectName),
  );
  useEffect(() => {
    if (!form.formState.isDirty) form.reset({ projectName: project.projectName, description: project.projectDescription });
  }, [project.projectName, project.projectDescription, form]);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      const answer = await progress.track(update.mutateAsync(body));
      form.reset({ projectName: answer.project.projectName, description: answer.project.projectDescription });
      toasts.show(
        answer.duplicateNameWarning
          ? { type: 'warning', content: t('project.setting.general.savedDuplicate', { name: answer.project.projectName }) }
          : { type: 'success', content: t('project.setting.general.saved', { name: answer.project.projectName }) },
      );
    } catch (error) {
      const text = applyServerErrors(error, form.setError, FIELDS, t);
      if (!isFieldErrorOnly(error, FIELDS)) setFormError(text);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="project-general-form">
      <Container header={<Header variant="h2">{t('project.setting.general.title')}</Header>}>
        <Form
          errorText={formError ? <span data-testid="project-general-error">{formError}</span> : undefined}
          actions={
            <Button
              variant="primary"
              formAction="submit"
              loading={update.isPending}
              disabled={!check.allowed || !isDirty || update.isPending}
              disabledReason={check.reason}
              nativeButtonAttributes={{ 'data-testid': 'project-settings-submit' }}
            >
              {t('common.save')}
            </Button>
          }
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
        </Form>
      </Container>
    </form>
  );
}
