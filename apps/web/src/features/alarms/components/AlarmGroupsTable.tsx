import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { AlarmGroup } from '@console/contracts';
import type { TFunction } from 'i18next';
import type { Formatters } from '../../../shared/i18n/format.ts';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate, type NavigateFunction } from 'react-router';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { alarmGroupsQuery, useDeleteAlarmGroup, type AlarmScope } from '../../../data/alarms/alarms.ts';
import { groupPaths } from '../pages/alarm-paths.ts';
import { Pagination } from '../../../shared/ui/Pagination.tsx';

const PAGE_SIZE = 20;

function groupColumns(t: TFunction, format: Formatters, navigate: NavigateFunction, links: ReturnType<typeof groupPaths>, onDelete: (alarmGroupId: string) => void): TableProps.ColumnDefinition<AlarmGroup>[] {
  return [
          { id: 'name', header: t('alarms.groups.name'), cell: (group) => <Link href={links.detail(group.alarmGroupId)} onFollow={(event) => { event.preventDefault(); void navigate(links.detail(group.alarmGroupId)); }}>{group.alarmGroupName}</Link> },
          { id: 'default', header: t('alarms.groups.isDefault'), cell: (group) => (group.isDefault ? t('alarms.list.yes') : t('alarms.list.no')) },
          { id: 'targets', header: t('alarms.groups.targets'), cell: (group) => group.targets.map((target) => target.targetName).join(', ') },
          { id: 'alarms', header: t('alarms.groups.alarms'), cell: (group) => group.alarmCount },
          { id: 'created', header: t('alarms.groups.created'), cell: (group) => format.dateTime(group.regDateTime) },
          {
            id: 'actions',
            header: '',
            cell: (group) => (
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="inline-link" onClick={() => void navigate(links.modify(group.alarmGroupId))}>{t('alarms.groups.modify')}</Button>
                <Button variant="inline-link" onClick={() => onDelete(group.alarmGroupId)}>{t('alarms.groups.delete')}</Button>
              </SpaceBetween>
            ),
          },
  ];
}

/**
 * An organization's or a project's alarm groups below their page's header (issue 16: a part on
 * demand): searched, paged and sorted by the server; modify and delete on each row.
 */
export function AlarmGroupsTable({ scope }: { scope: AlarmScope }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormatters();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery(alarmGroupsQuery(scope, { alarmGroupNameLike: filter || undefined, page, limit: PAGE_SIZE }));
  const remove = useDeleteAlarmGroup(scope);
  const links = groupPaths(scope);
  const total = query.data?.paging.totalCount ?? 0;
  return (
    <SpaceBetween size="m">
      {remove.error ? <div role="alert" data-testid="alarm-group-delete-error">{remove.error.message}</div> : null}
      <Table
        data-testid="alarm-groups"
        loading={query.isLoading}
        items={query.data?.alarmGroups ?? []}
        trackBy="alarmGroupId"
        empty={t('alarms.groups.empty')}
        header={<Header counter={`(${total})`}>{t('alarms.groups.title')}</Header>}
        filter={<TextFilter filteringText={filter} filteringPlaceholder={t('alarms.groups.search')} filteringAriaLabel={t('alarms.groups.search')} onChange={({ detail }) => { setFilter(detail.filteringText); setPage(1); }} />}
        pagination={<Pagination currentPageIndex={page} pagesCount={Math.max(1, Math.ceil(total / PAGE_SIZE))} onChange={({ detail }) => setPage(detail.currentPageIndex)} />}
        columnDefinitions={groupColumns(t, format, navigate, links, (id) => remove.mutate(id))}
      />
    </SpaceBetween>
  );
}
