import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The tokens' table loads on demand (issue 16): Cloudscape's Table, its pagination and the issue form
 * are not on the route's first paint, which is the header; the part is requested when this module
 * loads (`onDemand`'s `now`).
 */
const loadAccessTokensTable = () => import('../components/AccessTokensTable.tsx').then((module) => module.AccessTokensTable);
const AccessTokensTable = onDemand(loadAccessTokensTable, { now: true });

/** /security-setting/{userAccessKeyId}/tokens: a key's tokens (spec §3 Token), issue and revoke. */
export function AccessTokensPage() {
  const { t } = useTranslation();
  const { userAccessKeyId = '' } = useParams();
  useDocumentTitle(t('security.tokens.title', { keyId: userAccessKeyId }));
  return (
    <ContentLayout header={<Header variant="h1" description={t('security.tokens.description')}>{t('security.tokens.title', { keyId: userAccessKeyId })}</Header>}>
      <AccessTokensTable />
    </ContentLayout>
  );
}
