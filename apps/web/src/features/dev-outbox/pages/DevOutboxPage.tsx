import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import type { DevMailSchema } from '@console/contracts/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { z } from 'zod';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { organizationsQuery } from '../../../data/organizations/queries.ts';
import { devOutboxQuery } from '../../../data/dev-outbox/queries.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { Pagination } from '../../../shared/ui/Pagination.tsx';

/** The SMS tab's table: loaded when the tab opens. */
const SmsOutbox = onDemand(() => import('../components/SmsOutbox.tsx').then((module) => module.SmsOutbox));

const PAGE_SIZE = 10;
const URL_PATTERN = /https?:\/\/[^\s<>"')]+/g;
/** Console pages a mail links to: opened on this console, whatever PUBLIC_URL the server was given. */
const CONSOLE_PATHS = ['/invitation', '/iam/', '/login'];

/** A mail's link as this console opens it: a console page keeps its path and fragment on this origin. */
export function localLink(url: string): string {
  try {
    const parsed = new URL(url);
    if (CONSOLE_PATHS.some((path) => parsed.pathname.startsWith(path))) return `${parsed.pathname}${parsed.search}${parsed.hash}`;
    return url;
  } catch {
    return url;
  }
}

/** The mail's text with its links clickable. */
function MailText({ text, mailId }: { text: string; mailId: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index;
    if (index > last) parts.push(text.slice(last, index));
    parts.push(
      <Link key={`${mailId}-${index}`} href={localLink(match[0])} data-testid="dev-outbox-link">
        {match[0]}
      </Link>,
    );
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{parts}</div>;
}

/**
 * The dev outbox (development installations without SMTP): mails kept instead of sent, newest
 * first, so a new user can follow an invitation or password-setup link. The caller's own mails,
 * or an organization's for its OWNER and ADMINs.
 */
export function DevOutboxPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const client = useQueryClient();
  const [orgId, setOrgId] = useState<string>('');
  const [page, setPage] = useState(1);
  const [tab, setTab] = useState('mail');
  const orgs = useQuery(organizationsQuery());
  const mails = useQuery(devOutboxQuery(orgId || undefined, page, PAGE_SIZE));
  useDocumentTitle(t('devOutbox.title'));
  // The scope names what the open tab lists: mails, or text messages.
  const sms = tab === 'sms';
  const scopeOptions = [
    { value: '', label: t(sms ? 'devOutbox.smsMine' : 'devOutbox.mine') },
    ...(orgs.data ?? []).map((org) => ({ value: org.orgId, label: t(sms ? 'devOutbox.smsOfOrg' : 'devOutbox.ofOrg', { name: org.orgName }) })),
  ];
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
      <div data-testid="dev-outbox-page">
        <SpaceBetween size="l">
          <SpaceBetween direction="horizontal" size="l" alignItems="end">
            <FormField label={t('devOutbox.scope')}>
              <Select
                selectedOption={scopeOptions.find((option) => option.value === orgId) ?? null}
                options={scopeOptions}
                onChange={({ detail }) => {
                  setOrgId(detail.selectedOption.value ?? '');
                  setPage(1);
                }}
                data-testid="dev-outbox-scope"
              />
            </FormField>
          </SpaceBetween>
          <Tabs
            activeTabId={tab}
            onChange={({ detail }) => setTab(detail.activeTabId)}
            tabs={[
              {
                id: 'mail',
                label: t('alarms.smsOutbox.mailTab'),
                content: (
                  <SpaceBetween size="l">
                    <Pagination currentPageIndex={page} pagesCount={pagesCount} onChange={({ detail }) => setPage(detail.currentPageIndex)} />
                    {mails.isPending ? <PageSpinner /> : null}
                    {mails.isError ? (
                      <Alert type="error" data-testid="dev-outbox-error">
                        {apiErrorMessage(mails.error, t)}
                      </Alert>
                    ) : null}
                    {mails.data && mails.data.mails.length === 0 ? (
                      <Box color="text-status-inactive" data-testid="dev-outbox-empty">
                        {t('devOutbox.empty')}
                      </Box>
                    ) : null}
                    {mails.data?.mails.map((mail) => <MailView key={mail.mailId} mail={mail} dateTime={format.dateTime} />)}
                  </SpaceBetween>
                ),
              },
              { id: 'sms', label: t('alarms.smsOutbox.tab'), content: <SmsOutbox orgId={orgId || undefined} key={orgId} /> },
            ]}
          />
        </SpaceBetween>
      </div>
    </ContentLayout>
  );
}

function MailView({ mail, dateTime }: { mail: z.infer<typeof DevMailSchema>; dateTime: (value: string) => string }) {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant="h2">{mail.subject}</Header>} data-testid="dev-outbox-mail">
      <SpaceBetween size="m">
        <KeyValuePairs
          columns={2}
          items={[
            { label: t('devOutbox.to'), value: <span data-testid="dev-outbox-to">{mail.to}</span> },
            { label: t('devOutbox.date'), value: dateTime(mail.createdDateTime) },
          ]}
        />
        <MailText text={mail.text} mailId={mail.mailId} />
      </SpaceBetween>
    </Container>
  );
}
