import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { devOutboxQuery } from '../../../data/dev-outbox/queries.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The body (the scope picker, the tabs, the mails; Cloudscape's Select, Tabs, KeyValuePairs) loads
 * on demand after the header (issue 16): the route's first paint is the header.
 */
const DevOutboxBody = onDemand(() => import('../components/DevOutboxBody.tsx').then((module) => module.DevOutboxBody), { now: true });

const PAGE_SIZE = 10;

/**
 * The dev outbox (development installations without SMTP): mails kept instead of sent, newest
 * first, so a new user can follow an invitation or password-setup link. The caller's own mails,
 * or an organization's for its OWNER and ADMINs.
 */
export function DevOutboxPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [orgId, setOrgId] = useState<string>('');
  const [page, setPage] = useState(1);
  const [tab, setTab] = useState('mail');
  const mails = useQuery(devOutboxQuery(orgId || undefined, page, PAGE_SIZE));
  useDocumentTitle(t('devOutbox.title'));
  const totalCount = mails.data?.paging.totalCount ?? 0;
  const pagesCount = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('devOutbox.description')}
          counter={mails.data ? `(${totalCount})` : undefined}
          actions={
            <Button iconName="refresh" onClick={() => void Promise.all([mails.refetch(), client.refetchQueries({ queryKey: orgId ? ['org', orgId, 'dev-outbox', 'sms'] : ['me', 'dev-outbox', 'sms'] })])} data-testid="dev-outbox-refresh">
              {t('devOutbox.refresh')}
            </Button>
          }
        >
          {t('devOutbox.title')}
        </Header>
      }
    >
      <DevOutboxBody
        orgId={orgId}
        onOrgId={(next) => {
          setOrgId(next);
          setPage(1);
        }}
        page={page}
        pagesCount={pagesCount}
        onPage={setPage}
        tab={tab}
        onTab={setTab}
        mails={mails}
      />
    </ContentLayout>
  );
}
