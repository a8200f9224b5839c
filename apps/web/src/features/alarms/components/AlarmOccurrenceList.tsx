import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { AlarmOccurrence } from '@console/contracts';
import type { TFunction } from 'i18next';
import type { Formatters } from '../../../shared/i18n/format.ts';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { alarmHistoryQuery, type AlarmScope } from '../../../data/alarms/alarms.ts';
import { Pagination } from '../../../shared/ui/Pagination.tsx';

const PAGE_SIZE = 20;

function occurrenceColumns(t: TFunction, format: Formatters): TableProps.ColumnDefinition<AlarmOccurrence>[] {
  return [
          { id: 'name', header: t('alarms.list.columns.name'), cell: (item) => item.alarmName },
          { id: 'status', header: t('alarms.history.status'), cell: (item) => <StatusIndicator type={item.status === 'FIRING' ? 'error' : 'success'}>{t(`alarms.history.${item.status}`)}</StatusIndicator> },
          { id: 'raised', header: t('alarms.history.raisedAt'), cell: (item) => format.dateTime(item.raisedAt) },
          { id: 'closed', header: t('alarms.history.closedAt'), cell: (item) => (item.closedAt ? format.dateTime(item.closedAt) : '-') },
          { id: 'value', header: t('alarms.history.value'), cell: (item) => `${item.raisedValue} (${t(`alarms.form.operators.${item.conditionOperator}`)} ${item.threshold})` },
          { id: 'notified', header: t('alarms.history.notified'), cell: (item) => (item.notified ? t('alarms.list.yes') : t('alarms.list.no')) },
  ];
}

/**
 * The occurrence history below its page's header (issue 16: a part on demand): the table of the
 * last 7 days (spec §4: raised and closed), filtered by status and alarm name.
 */
export function AlarmOccurrenceList({ scope }: { scope: AlarmScope }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [status, setStatus] = useState<'ALL' | 'FIRING' | 'RESOLVED'>('ALL');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery(alarmHistoryQuery(scope, { status: status === 'ALL' ? undefined : status, alarmNameLike: filter || undefined, page, limit: PAGE_SIZE }));
  const total = query.data?.paging.totalCount ?? 0;
  return (
    <SpaceBetween size="m">
      <Table
        data-testid="alarm-occurrences"
        loading={query.isLoading}
        items={query.data?.occurrences ?? []}
        trackBy="occurrenceId"
        empty={t('alarms.history.empty')}
        header={<Header counter={`(${total})`}>{t('alarms.tabs.occurrence')}</Header>}
        filter={
          <SpaceBetween direction="horizontal" size="s">
            <TextFilter filteringText={filter} filteringPlaceholder={t('alarms.list.search')} filteringAriaLabel={t('alarms.list.search')} onChange={({ detail }) => { setFilter(detail.filteringText); setPage(1); }} />
            <SegmentedControl
              label={t('alarms.history.status')}
              selectedId={status}
              onChange={({ detail }) => { setStatus(detail.selectedId as typeof status); setPage(1); }}
              options={[
                { id: 'ALL', text: t('alarms.history.all') },
                { id: 'FIRING', text: t('alarms.history.FIRING') },
                { id: 'RESOLVED', text: t('alarms.history.RESOLVED') },
              ]}
            />
          </SpaceBetween>
        }
        pagination={<Pagination currentPageIndex={page} pagesCount={Math.max(1, Math.ceil(total / PAGE_SIZE))} onChange={({ detail }) => setPage(detail.currentPageIndex)} />}
        columnDefinitions={occurrenceColumns(t, format)}
      />
    </SpaceBetween>
  );
}
