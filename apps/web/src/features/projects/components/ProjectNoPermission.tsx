import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { ErrorScreen } from '../../../shared/ui/ErrorScreen.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';

/**
 * A project the caller cannot see (spec §8: the project permission page). The API answers the same
 * for a project that does not exist, so as not to reveal other tenants' projects; the text covers both.
 */
export function ProjectNoPermission() {
  const { t } = useTranslation();
  const title = t('errors.page.forbidden.title');
  useDocumentTitle(title);
  return (
    <ErrorScreen
      testId="project-no-permission"
      title={title}
      description={t('project.noPermission.description')}
      actions={
        <>
          <RouterButton variant="primary" href="/">
            {t('common.goHome')}
          </RouterButton>
          <RouterButton href="/roles/projects">{t('project.noPermission.myRoles')}</RouterButton>
        </>
      }
    />
  );
}
