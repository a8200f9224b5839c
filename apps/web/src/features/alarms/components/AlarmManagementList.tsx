import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { Alarm } from '@console/contracts';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate, type NavigateFunction } from 'react-router';
import type { TFunction } from 'i18next';
import type { Formatters } from '../../../shared/i18n/format.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { paths } from '../../../shared/paths.ts';
import { useEndSilence } from '../../../data/notifications/silences.ts';
import { alarmsQuery, useAlarmActions, type AlarmScope } from '../../../data/alarms/alarms.ts';
import type { SilenceTarget } from '../../../widgets/silences/SilenceModal.tsx';
import { Pagination } from '../../../shared/ui/Pagination.tsx';

/** The silence form, loaded when opened (not part of the list's first paint). */
const SilenceModal = lazy(() => import('../../../widgets/silences/SilenceModal.tsx').then((module) => ({ default: module.SilenceModal })));

const PAGE_SIZE = 20;

interface ColumnDeps {
  t: TFunction;
  format: Formatters;
  scope: AlarmScope;
  projectId: string;
  navigate: NavigateFunction;
  actions: ReturnType<typeof useAlarmActions>;
  silence: (target: SilenceTarget) => void;
  endSilence: ReturnType<typeof useEndSilence>;
  /** The custom dashboard's organization list: add and modify in a chosen project. */
  manage: boolean;
}

function alarmColumns({ t, format, scope, projectId, navigate, actions, silence, endSilence, manage }: ColumnDeps): TableProps.ColumnDefinition<Alarm>[] {
  return [
          { id: 'name', header: t('alarms.list.columns.name'), cell: (alarm) => alarm.alarmName },
          ...(scope.kind === 'org' ? [{ id: 'project', header: t('alarms.list.columns.project'), cell: (alarm: Alarm) => alarm.projectName }] : []),
          { id: 'metric', header: t('alarms.list.columns.metric'), cell: (alarm) => `${alarm.service} / ${alarm.metricName}` },
          { id: 'condition', header: t('alarms.list.columns.condition'), cell: (alarm) => `${alarm.aggregation} ${t(`alarms.form.operators.${alarm.conditionOperator}`)} ${alarm.threshold} (${alarm.durationMinutes}m)` },
          {
            id: 'state',
            header: t('alarms.list.columns.state'),
            cell: (alarm) => <StatusIndicator type={alarm.raised ? 'error' : 'success'}>{t(`alarms.list.state.${alarm.state}`)}</StatusIndicator>,
          },
          { id: 'enabled', header: t('alarms.list.columns.enabled'), cell: (alarm) => (alarm.enabled ? t('alarms.list.yes') : t('alarms.list.no')) },
          {
            id: 'silence',
            header: t('alarms.list.columns.silence'),
            cell: (alarm) => (
              <SpaceBetween size="xxs">
                {alarm.silences
                  .filter((active) => active.isActive)
                  .map((active) => (
                    <Box key={active.silenceId} data-testid="alarm-silenced">
                      {t('alarms.list.silencedUntil', { time: format.dateTime(active.endsAt), reason: active.reason })}
                      {' '}
                      <Button variant="inline-link" data-testid="alarm-silence-end" onClick={() => endSilence.mutate(active.silenceId)}>{t('alarms.silence.end')}</Button>
                    </Box>
                  ))}
              </SpaceBetween>
            ),
          },
          { id: 'created', header: t('alarms.list.columns.created'), cell: (alarm) => format.dateTime(alarm.regDateTime) },
          ...(scope.kind === 'project'
            ? [
                {
                  id: 'actions',
                  header: '',
                  cell: (alarm: Alarm) => (
                    <SpaceBetween direction="horizontal" size="xs">
                      <Button variant="inline-link" onClick={() => void navigate(paths.project(projectId).alarmModify(alarm.alarmId))}>{t('alarms.list.modify')}</Button>
                      <Button variant="inline-link" onClick={() => actions.toggle.mutate({ alarmId: alarm.alarmId, enabled: !alarm.enabled })}>
                        {alarm.enabled ? t('alarms.list.disable') : t('alarms.list.enable')}
                      </Button>
                      <Button variant="inline-link" data-testid="alarm-silence" onClick={() => silence({ alarmId: alarm.alarmId, name: alarm.alarmName })}>{t('alarms.silence.action')}</Button>
                      <Button variant="inline-link" onClick={() => actions.remove.mutate(alarm.alarmId)}>{t('alarms.list.delete')}</Button>
                    </SpaceBetween>
                  ),
                },
              ]
            : [
                // The organization's page silences an alarm of any of its projects (alarms.createOrgSilence);
                // the custom dashboard's also modifies it in its project's form.
                {
                  id: 'actions',
                  header: '',
                  cell: (alarm: Alarm) => (
                    <SpaceBetween direction="horizontal" size="xs">
                      {scope.kind === 'org' && manage ? (
                        <Button variant="inline-link" data-testid="alarm-modify" onClick={() => void navigate(paths.org(scope.orgId).customDashboardAlarmModify(alarm.alarmId, alarm.projectId))}>{t('alarms.list.modify')}</Button>
                      ) : null}
                      <Button variant="inline-link" data-testid="alarm-silence" onClick={() => silence({ alarmId: alarm.alarmId, name: alarm.alarmName })}>{t('alarms.silence.action')}</Button>
                    </SpaceBetween>
                  ),
                },
              ]),
  ];
}

/**
 * The alarm list below its page's header (issue 16: a part on demand): the table (the organization's reads every project's) and the silence form.
 * `customDashboard`: the organization's list with add and modify.
 */
export function AlarmManagementList({ scope, customDashboard = false }: { scope: AlarmScope; customDashboard?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormatters();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery(alarmsQuery(scope, { alarmNameLike: filter || undefined, page, limit: PAGE_SIZE }));
  const projectId = scope.kind === 'project' ? scope.projectId : '';
  const actions = useAlarmActions(projectId);
  const endSilence = useEndSilence(scope);
  const [silencing, setSilencing] = useState<SilenceTarget>();
  const total = query.data?.paging.totalCount ?? 0;
  const columns = alarmColumns({ t, format, scope, projectId, navigate, actions, silence: setSilencing, endSilence, manage: customDashboard });
  const addPath = scope.kind === 'project' ? paths.project(projectId).alarmAdd : customDashboard ? paths.org(scope.orgId).customDashboardAlarmAdd : undefined;
  return (
    <SpaceBetween size="m">
      <Table
        data-testid="alarm-list"
        loading={query.isLoading}
        items={query.data?.alarms ?? []}
        trackBy="alarmId"
        empty={t('alarms.list.empty')}
        header={
          <Header
            counter={`(${total})`}
            actions={addPath ? <Button variant="primary" data-testid="alarm-add" onClick={() => void navigate(addPath)}>{t('alarms.list.add')}</Button> : undefined}
          >
            {t('alarms.tabs.management')}
          </Header>
        }
        filter={<TextFilter filteringText={filter} filteringPlaceholder={t('alarms.list.search')} filteringAriaLabel={t('alarms.list.search')} onChange={({ detail }) => { setFilter(detail.filteringText); setPage(1); }} />}
        pagination={<Pagination currentPageIndex={page} pagesCount={Math.max(1, Math.ceil(total / PAGE_SIZE))} onChange={({ detail }) => setPage(detail.currentPageIndex)} />}
        columnDefinitions={columns}
      />
      {silencing ? (
        <Suspense fallback={null}>
          <SilenceModal scope={scope} target={silencing} onClose={() => setSilencing(undefined)} />
        </Suspense>
      ) : null}
    </SpaceBetween>
  );
}
