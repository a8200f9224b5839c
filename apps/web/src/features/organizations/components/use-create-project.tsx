import type { Project } from '@console/contracts/organizations';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { modals } from '../../../shared/ui/modals.ts';
import { RouterLink } from '../../../shared/ui/RouterLink.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import { Translated } from '../../../shared/ui/Translated.tsx';
import { CreateProjectForm } from './CreateProjectForm.tsx';

/**
 * Opens "Create project" (the given organization chosen first). The user stays where they are —
 * the lists there show the new project — and the toast links to it.
 */
export function useCreateProject() {
  const { t } = useTranslation();
  return useCallback(
    async (orgId?: string) => {
      const project = await modals.form<Project>({
        header: <Translated k="org.projects.create.title" />,
        render: ({ submit, cancel, setDirty }) => (
          <CreateProjectForm orgId={orgId} onCreated={submit} onCancel={cancel} onDirtyChange={setDirty} />
        ),
      });
      if (!project) return undefined;
      toasts.show({
        type: 'success',
        content: (
          <span data-testid="project-created-toast">
            {t('org.projects.create.created', { name: project.projectName })}{' '}
            <RouterLink href={`/project/${project.projectId}/dashboard`} variant="primary">
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
