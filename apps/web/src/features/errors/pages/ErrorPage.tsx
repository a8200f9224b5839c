import Button from '@cloudscape-design/components/button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ErrorPageState } from '../../../shared/api/error-route.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useModal } from '../../../shared/ui/modals.ts';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { ErrorScreen } from '../../../shared/ui/ErrorScreen.tsx';
import { ERROR_PAGE_TEXTS, isErrorPageId } from './error-pages.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

// The not-found route loads through this module, so both pages share one chunk.
export { NotFoundPage };

/** /error (server error, with the request id) and /error/:errorId; unknown ids are not found. */
export function ErrorPage() {
  const { errorId } = useParams();
  const known = errorId === undefined || isErrorPageId(errorId);
  return known ? <KnownErrorPage errorId={errorId ?? 'server'} /> : <NotFoundPage />;
}

function KnownErrorPage({ errorId }: { errorId: keyof typeof ERROR_PAGE_TEXTS }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const texts = ERROR_PAGE_TEXTS[errorId];
  const title = t(texts.title);
  useDocumentTitle(title);

  const isIpPage = errorId === 'ip-acl' || errorId === 'country-ip-acl';
  return (
    <ErrorScreen
      testId={`error-page-${errorId}`}
      title={title}
      description={t(texts.description)}
      requestId={search.get('requestId') ?? undefined}
      clientIp={isIpPage ? (search.get('clientIp') ?? undefined) : undefined}
      country={isIpPage ? (search.get('country') ?? undefined) : undefined}
      actions={errorId === 'ip-acl' ? <IpAclActions clientIp={search.get('clientIp')} /> : <HomeButton />}
    />
  );
}

function HomeButton() {
  const { t } = useTranslation();
  return (
    <RouterButton variant="primary" href="/">
      {t('common.goHome')}
    </RouterButton>
  );
}

/** Retry asks the organization's IP rule again on the page that was refused; Contact says whom to ask. */
function IpAclActions({ clientIp }: { clientIp: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const modal = useModal();

  const retry = () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'org' && query.queryKey[2] === 'ip-acl' });
    const from = (location.state as ErrorPageState | null)?.from;
    void navigate(from ?? '/', { replace: true });
  };
  const contact = () =>
    void modal.alert({
      header: t('errors.page.ipAcl.contactTitle'),
      content: clientIp
        ? t('errors.page.ipAcl.contactBody', { clientIp })
        : t('errors.page.ipAcl.contactBodyNoIp'),
    });

  return (
    <>
      <Button variant="primary" onClick={retry} data-testid="ip-acl-retry">
        {t('errors.page.ipAcl.retry')}
      </Button>
      <Button onClick={contact} data-testid="ip-acl-contact">
        {t('errors.page.ipAcl.contact')}
      </Button>
    </>
  );
}
