import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import type { DevMailSchema } from '@console/contracts/console';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { organizationsQuery } from '../../../data/organizations/queries.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { Pagination } from '../../../shared/ui/Pagination.tsx';

/** The SMS tab's table: loaded when the tab opens. */
const SmsOutbox = onDemand(() => import('./SmsOutbox.tsx').then((module) => module.SmsOutbox));

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

/** What the dev outbox page holds and its body shows: the scope, the mail page, the open tab. */
export interface DevOutboxBodyProps {
  readonly orgId: string;
  readonly onOrgId: (orgId: string) => void;
  readonly page: number;
  readonly pagesCount: number;
  readonly onPage: (page: number) => void;
  readonly tab: string;
  readonly onTab: (tab: string) => void;
  readonly mails: UseQueryResult<{ mails: z.infer<typeof DevMailSchema>[] }>;
}

/**
 * The dev outbox's body (issue 16: after the page's header, on demand): the scope picker, the
 * mails of the chosen page and the SMS tab. The page keeps the state and the mails' query (its
 * header counts them).
 */
export function DevOutboxBody({ orgId, onOrgId, page, pagesCount, onPage, tab, onTab, mails }: DevOutboxBodyProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const orgs = useQuery(organizationsQuery());
  // The scope names what the open tab lists: mails, or text messages.
  const sms = tab === 'sms';
  const scopeOptions = [
    { value: '', label: t(sms ? 'devOutbox.smsMine' : 'devOutbox.mine') },
    ...(orgs.data ?? []).map((org) => ({ value: org.orgId, label: t(sms ? 'devOutbox.smsOfOrg' : 'devOutbox.ofOrg', { name: org.orgName }) })),
  ];
  return (
      <div data-testid="dev-outbox-page">
        <SpaceBetween size="l">
          <SpaceBetween direction="horizontal" size="l" alignItems="end">
            <FormField label={t('devOutbox.scope')}>
              <Select
                selectedOption={scopeOptions.find((option) => option.value === orgId) ?? null}
                options={scopeOptions}
                onChange={({ detail }) => onOrgId(detail.selectedOption.value ?? '')}
                data-testid="dev-outbox-scope"
              />
            </FormField>
          </SpaceBetween>
          <Tabs
            activeTabId={tab}
            onChange={({ detail }) => onTab(detail.activeTabId)}
            tabs={[
              {
                id: 'mail',
                label: t('alarms.smsOutbox.mailTab'),
                content: (
                  <SpaceBetween size="l">
                    <Pagination currentPageIndex={page} pagesCount={pagesCount} onChange={({ detail }) => onPage(detail.currentPageIndex)} />
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
