import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import type { DevSmsSchema } from '@console/contracts/console';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { z } from 'zod';
import { devSmsOutboxQuery } from '../../../data/dev-outbox/queries.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { Pagination } from '../../../shared/ui/Pagination.tsx';

const PAGE_SIZE = 20;
type DevSms = z.infer<typeof DevSmsSchema>;

/** The SMS outbox (no SMS gateway): text messages kept instead of sent, newest first, in the dev outbox's scope. */
export function SmsOutbox({ orgId }: { orgId: string | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const messages = useQuery(devSmsOutboxQuery(orgId, page, PAGE_SIZE));
  const totalCount = messages.data?.paging.totalCount ?? 0;
  if (messages.isError) {
    return (
      <Alert type="error" data-testid="dev-sms-error">
        {apiErrorMessage(messages.error, t)}
      </Alert>
    );
  }
  return (
    <Table<DevSms>
      data-testid="dev-sms-table"
      variant="embedded"
      header={<Box color="text-body-secondary">{t('alarms.smsOutbox.description')}</Box>}
      loading={messages.isPending}
      loadingText={t('common.loading')}
      items={messages.data?.messages ?? []}
      trackBy="smsId"
      empty={<Box color="text-status-inactive" data-testid="dev-sms-empty">{t('alarms.smsOutbox.empty')}</Box>}
      columnDefinitions={[
        { id: 'time', header: t('alarms.smsOutbox.time'), cell: (item) => format.dateTime(item.createdDateTime) },
        { id: 'to', header: t('alarms.smsOutbox.to'), cell: (item) => item.to },
        { id: 'kind', header: t('alarms.smsOutbox.kind'), cell: (item) => item.kind },
        { id: 'text', header: t('alarms.smsOutbox.text'), isRowHeader: true, cell: (item) => item.text },
      ]}
      pagination={<Pagination currentPageIndex={page} pagesCount={Math.max(1, Math.ceil(totalCount / PAGE_SIZE))} onChange={({ detail }) => setPage(detail.currentPageIndex)} />}
    />
  );
}
