import Button from '@cloudscape-design/components/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { clientIpQuery } from '../../../data/organizations/client-ip.ts';
import type { ErrorPageState } from '../../../shared/api/error-route.ts';
import { loadMessageParts } from '../../../shared/i18n/i18n.ts';
import { useLocale } from '../../../shared/i18n/LocaleProvider.tsx';
import { LOCALE_TAGS } from '../../../shared/i18n/locale.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useModal } from '../../../shared/ui/modals.ts';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { ErrorScreen } from '../../../shared/ui/ErrorScreen.tsx';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { ERROR_PAGE_TEXTS, isErrorPageId } from './error-pages.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/** Shown only with an organization in the address: loaded then (with its texts, the governance part), not with every error page. */
const BreakGlassPanel = onDemand(() =>
  Promise.all([import('../../../shared/access/BreakGlassPanel.tsx'), loadMessageParts(['governance'])]).then(([m]) => m.BreakGlassPanel),
);

// The not-found route loads through this module, so both pages share one chunk.
export { NotFoundPage };

/** /error (server error, with the request id) and /error/:errorId; unknown ids are not found. */
export function ErrorPage() {
  const { errorId } = useParams();
  const known = errorId === undefined || isErrorPageId(errorId);
  return known ? <KnownErrorPage errorId={errorId ?? 'server'} /> : <NotFoundPage />;
}


/** A country code as its name in the console's language, with the code ("Japan (JP)"). */
function countryLabel(code: string, tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'region' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

function KnownErrorPage({ errorId }: { errorId: keyof typeof ERROR_PAGE_TEXTS }) {
  const { t } = useTranslation();
  const texts = ERROR_PAGE_TEXTS[errorId];
  const title = t(texts.title);
  useDocumentTitle(title);

  const isIpPage = errorId === 'ip-acl' || errorId === 'country-ip-acl';
  return isIpPage ? <IpErrorPage errorId={errorId} title={title} /> : <PlainErrorPage errorId={errorId} title={title} />;
}

/** What every error page's screen shows: its title and text, and the refused call's request id (`?requestId=`). */
function useScreenTexts(errorId: keyof typeof ERROR_PAGE_TEXTS, title: string) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return {
    testId: `error-page-${errorId}`,
    title,
    description: t(ERROR_PAGE_TEXTS[errorId].description),
    requestId: search.get('requestId') ?? undefined,
  };
}

function PlainErrorPage({ errorId, title }: { errorId: keyof typeof ERROR_PAGE_TEXTS; title: string }) {
  return <ErrorScreen {...useScreenTexts(errorId, title)} actions={<HomeButton />} />;
}

/**
 * /error/ip-acl and /error/country-ip-acl: the caller's access IP and country, asked of the server
 * (the address's `clientIp`, from the refused call, is shown until it answers); a country the
 * server does not know is said to be unknown.
 */
function IpErrorPage({ errorId, title }: { errorId: 'ip-acl' | 'country-ip-acl'; title: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [search] = useSearchParams();
  const texts = useScreenTexts(errorId, title);
  const lookup = useQuery(clientIpQuery());
  const clientIp = lookup.data?.clientIp ?? search.get('clientIp') ?? undefined;
  const countryCode = lookup.data?.countryCode ?? search.get('country') ?? undefined;
  const country = countryCode ? countryLabel(countryCode, LOCALE_TAGS[locale]) : t('errors.page.countryUnknown');
  const orgId = search.get('orgId');
  return (
    <>
    <ErrorScreen
      {...texts}
      clientIp={clientIp ?? (lookup.isPending ? t('common.loading') : t('errors.page.ipUnknown'))}
      country={lookup.isPending && !countryCode ? t('common.loading') : country}
      // Spec §2: an IP or country denial offers retry and contact.
      actions={<IpAclActions clientIp={clientIp ?? null} />}
    />
    {/* The organization's OWNER may lift its network rules with a one-time code (modules/governance). */}
    {orgId && /^[0-9a-f-]{36}$/i.test(orgId) ? <BreakGlassPanel orgId={orgId} /> : null}
    </>
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
