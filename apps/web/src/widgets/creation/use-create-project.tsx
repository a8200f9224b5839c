import { useCallback } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { loadMessageParts } from '../../shared/i18n/i18n.ts';
import { modals } from '../../shared/ui/modals.ts';
import { RouterLink } from '../../shared/ui/RouterLink.tsx';
import { toasts } from '../../shared/ui/toasts.ts';
import { Translated } from '../../shared/ui/Translated.tsx';
import { onDemand } from '../../shared/ui/on-demand.tsx';
import type { CreatedProject } from './CreateProjectForm.tsx';
import { paths } from '../../shared/paths.ts';

// The form (and react-hook-form) loads when the modal opens, not with every page that offers it.
const CreateProjectForm = onDemand(() => import('./CreateProjectForm.tsx').then((module) => module.CreateProjectForm));

/**
 * Opens "Create project" (the given organization chosen first). The user stays where they are —
 * the lists there show the new project — and the toast links to it (a warning when another project
 * of the organization has the same name).
 */
export function useCreateProject() {
  const { t } = useTranslation();
  return useCallback(
    async (orgId?: string) => {
      // The form's strings are the organization screens' (a message part): in before the modal opens.
      await loadMessageParts(['org']);
      const created = await modals.form<CreatedProject>({
        header: <Translated k="org.projects.create.title" />,
        render: ({ submit, cancel, setDirty }) => (
          <CreateProjectForm orgId={orgId} onCreated={submit} onCancel={cancel} onDirtyChange={setDirty} />
        ),
      });
      if (!created) return undefined;
      const { project, duplicateNameWarning } = created;
      toasts.show({
        type: duplicateNameWarning ? 'warning' : 'success',
        content: (
          <span data-testid="project-created-toast">
            {duplicateNameWarning
              ? t('org.projects.create.createdDuplicate', { name: project.projectName })
              : t('org.projects.create.created', { name: project.projectName })}{' '}
            <RouterLink href={paths.project(project.projectId).dashboard} variant="primary">
              {t('org.projects.create.open')}
            </RouterLink>
          </span>
        ),
      });
      return project;
    },
    [t],
  );
}
