import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { ActivityActionCode, ActivityEvent } from '@console/contracts/activity';
import { ACTIVITY_ACTION_CODES } from '@console/contracts/activity-constants';
import type { Locale } from '@console/contracts/locales';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import type { Formatters } from '../../../shared/i18n/format.ts';
import { useFormatters, useLocale } from '../../../shared/i18n/LocaleProvider.tsx';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { useServerPages } from '../../../shared/ui/use-server-pages.tsx';
import { useTablePreferences } from '../../../shared/ui/use-table-preferences.tsx';
import { activityPageQuery } from '../../../data/activity/queries.ts';
import { relativeTime } from '../../../shared/activity/relative-time.ts';

const PAGE_SIZE = 20;

/** The organization's activity feed below its page's header (issue 16: a part on demand): paged by the server, filtered by action. */
export function OrgActivityTable() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const { locale } = useLocale();
  const format = useFormatters();
  const check = usePermissions({ orgId }).check('Organization.Setting.Get');
  const [actionCode, setActionCode] = useState<ActivityActionCode>();
  const columns = activityColumns(t, format, locale);
  const prefs = useTablePreferences({ tableId: 'org-activity', columns, alwaysVisible: ['time'], defaultPageSize: PAGE_SIZE });
  const pages = useServerPages(prefs.pageSize);
  const feed = useQuery({
    ...activityPageQuery({ orgId }, { page: pages.requestedPage, limit: prefs.pageSize, actionCode }),
    enabled: check.allowed,
  });

  if (feed.isError) return <ErrorState error={feed.error} onRetry={() => void feed.refetch()} />;
  const actionOptions = [
    { value: '', label: t('activity.allActions') },
    ...ACTIVITY_ACTION_CODES.map((code) => ({ value: code, label: t(`activity.actions.${code}`) })),
  ];
  const totalCount = feed.data?.paging.totalCount ?? 0;

  return (
    <Table
      data-testid="activity-table"
      variant="container"
      loading={check.loading || (check.allowed && feed.isPending)}
      loadingText={t('common.loading')}
      items={feed.data?.activities ?? []}
      trackBy="activityId"
      // A feed's count stops at 1,000 (totalCountCapped): shown as "(1000+)", as AWS shows "1,000+";
      // the pager then goes on past page 50 while pages come back full.
      header={<Header counter={feed.data ? `(${totalCount}${feed.data.totalCountCapped ? '+' : ''})` : undefined}>{t('activity.title')}</Header>}
      filter={
        <div style={{ maxWidth: 360 }}>
        <Select
          data-testid="activity-action-filter"
          selectedOption={actionOptions.find((option) => option.value === (actionCode ?? '')) ?? null}
          options={actionOptions}
          onChange={({ detail }) => {
            setActionCode((detail.selectedOption.value || undefined) as ActivityActionCode | undefined);
            pages.setPage(1);
          }}
          ariaLabel={t('activity.columns.action')}
          disabled={!check.allowed}
        />
        </div>
      }
      pagination={pages.pagination(feed, totalCount, feed.data?.totalCountCapped ? { rowsOnPage: feed.data.activities.length } : undefined)}
      empty={
        <Box textAlign="center" color="inherit" data-testid="activity-table-empty">
          {check.allowed || check.loading ? t('activity.empty') : t('activity.notAllowed', { reason: check.reason ?? '' })}
        </Box>
      }
      columnDefinitions={columns}
      {...prefs.tableProps}
    />
  );
}

/** The feed's columns: when (full time, relative on hover), by whom, what, and to what. */
function activityColumns(t: TFunction, format: Formatters, locale: Locale): TableProps.ColumnDefinition<ActivityEvent>[] {
  return [

    {
      id: 'time',
      header: t('activity.columns.time'),
      cell: (event) => (
        <time dateTime={event.occurredDateTime} title={relativeTime(event.occurredDateTime, locale)}>
          {format.dateTime(event.occurredDateTime)}
        </time>
      ),
    },
    {
      id: 'actor',
      header: t('activity.columns.actor'),
      cell: (event) =>
        event.actor.memberType === 'IAM' ? `${event.actor.name} (${t('activity.iamAccount')})` : event.actor.name,
    },
    { id: 'action', header: t('activity.columns.action'), cell: (event) => t(`activity.actions.${event.actionCode}`) },
    {
      id: 'target',
      header: t('activity.columns.target'),
      cell: (event) => (
        <>
          <Box variant="small" display="block" color="text-body-secondary">
            {t(`activity.targets.${event.target.type}`)}
          </Box>
          {event.target.name ?? '-'}
        </>
      ),
    },
  ];
}
