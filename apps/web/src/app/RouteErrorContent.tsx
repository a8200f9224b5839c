import { useTranslation } from '../shared/i18n/use-translation.ts';
import { isRouteErrorResponse, useLocation } from 'react-router';
import { ErrorScreen } from '../shared/ui/ErrorScreen.tsx';
import { NotFoundPage } from '../features/errors/pages/NotFoundPage.tsx';
import { isApiError } from '../shared/api/api-error.ts';
import { useDocumentTitle } from '../shared/hooks/use-document-title.ts';
import { RouterButton } from '../shared/ui/RouterButton.tsx';

/**
 * A failed route: not found for 404s, otherwise an unexpected-error page with the request id,
 * titled as spec §8 words it: 'MainPage Error' on the main page (/), 'Page Error' elsewhere.
 */
export function RouteErrorContent({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const texts = pathname === '/' ? 'main' : 'unexpected';
  useDocumentTitle(notFound ? undefined : t(`errors.page.${texts}.title`));
  if (notFound) return <NotFoundPage />;
  return (
    <ErrorScreen
      testId="unexpected-error-page"
      title={t(`errors.page.${texts}.title`)}
      description={t(`errors.page.${texts}.description`)}
      requestId={isApiError(error) ? error.requestId : undefined}
      actions={
        <RouterButton variant="primary" href="/">
          {t('common.goHome')}
        </RouterButton>
      }
    />
  );
}
