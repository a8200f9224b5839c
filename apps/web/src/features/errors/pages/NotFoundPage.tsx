import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { ErrorScreen } from '../../../shared/ui/ErrorScreen.tsx';

/** Any unknown path, unknown error id or 404 answer. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.page.notFound.title'));
  return (
    <ErrorScreen
      testId="not-found-page"
      title={t('errors.page.notFound.title')}
      description={t('errors.page.notFound.description')}
      actions={
        <RouterButton variant="primary" href="/">
          {t('common.goHome')}
        </RouterButton>
      }
    />
  );
}
