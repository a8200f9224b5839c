import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Alarm, AlarmBody, BacktestRangeHours } from '@console/contracts/alarms';
import { ALARM_CATEGORIES, ALARM_CONDITION_OPERATORS, BACKTEST_RANGE_HOURS } from '@console/contracts/alarms-constants';
import { AGGREGATIONS, LABEL_OPERATORS } from '@console/contracts/metrics-constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { InputField } from '../../../shared/form/InputField.tsx';
import { MultiselectField } from '../../../shared/form/MultiselectField.tsx';
import { SelectField } from '../../../shared/form/SelectField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { applyServerErrors } from '../../../shared/form/server-errors.ts';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { receiverGroupsQuery } from '../../../data/notifications/queries.ts';
import { orgProjectsQuery } from '../../../data/organizations/queries.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { alarmGroupsQuery, alarmMetricsQuery, backtest, saveAlarm } from '../../../data/alarms/alarms.ts';
import { BacktestChart, type BacktestResult } from './BacktestChart.tsx';

const FIELDS = ['alarmName', 'description', 'service', 'metricName', 'resourceType', 'resourceId', 'aggregation', 'conditionOperator', 'threshold', 'durationMinutes', 'alarmGroupIds', 'receiverGroupIds', 'filters', 'methods', 'category'] as const;

const defaultsOf = (alarm: Alarm | undefined): AlarmBody => ({
  alarmName: alarm?.alarmName ?? '',
  description: alarm?.description ?? '',
  service: alarm?.service ?? 'email',
  metricName: alarm?.metricName ?? '',
  resourceType: alarm?.resourceType ?? '',
  resourceId: alarm?.resourceId ?? '',
  aggregation: alarm?.aggregation ?? 'avg',
  filters: alarm?.filters ?? [],
  conditionOperator: alarm?.conditionOperator ?? 'GT',
  threshold: alarm ? String(alarm.threshold) : '',
  durationMinutes: alarm?.durationMinutes ?? 5,
  alarmGroupIds: alarm?.alarmGroupIds ?? [],
  receiverGroupIds: alarm?.receiverGroupIds ?? [],
  methods: alarm?.methods ?? ['EMAIL'],
  category: alarm?.category ?? 'WARNING',
  enabled: alarm?.enabled ?? true,
});

/**
 * The alarm form of /project/:projectId/alarm/add and modify/:alarmId (and the custom dashboard's),
 * with the backtest before saving; its page (AlarmEditPage.tsx) shows the header and loads this on
 * demand. `back`: where saving and cancelling return (the project's alarm list, or the custom dashboard's).
 */
export function AlarmForm({ projectId, alarm, back }: { projectId: string; alarm: Alarm | undefined; back: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const metrics = useQuery(alarmMetricsQuery(projectId));
  const groups = useQuery(alarmGroupsQuery({ kind: 'project', projectId }, { page: 1, limit: 100 }));
  const receiverGroups = useQuery(receiverGroupsQuery({ kind: 'project', projectId }, { page: 1, limit: 100 }));
  const [result, setResult] = useState<BacktestResult & { rangeHours: BacktestRangeHours }>();
  const [rangeHours, setRangeHours] = useState<BacktestRangeHours>(168);
  const { form, onSubmit, formError, pending } = useServerForm({
    schema: () => import('@console/contracts/alarms').then((module) => module.AlarmBodySchema),
    defaultValues: defaultsOf(alarm),
    fields: FIELDS,
    submit: (values) => saveAlarm(projectId, values, alarm?.alarmId),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['project', projectId, 'alarms'] });
      // The organization's lists (custom dashboard, /org/…/alarm) show this project's alarms too.
      await client.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'org' && query.queryKey[2] === 'alarms' });
      await navigate(back);
    },
  });
  const runBacktest = async () => {
    try {
      setResult({ ...(await backtest(projectId, form.getValues(), rangeHours)), rangeHours });
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, t);
    }
  };
  const filters = useFieldArray({ control: form.control, name: 'filters' });
  const metricOptions = (metrics.data?.metrics ?? []).map((metric) => ({ value: metric.metricName, label: metric.metricName, description: `${metric.service} / ${metric.resourceType}` }));
  const threshold = Number(form.watch('threshold'));
  return (
    <ServerForm
      testId="alarm-form"
      errorTestId="alarm-form-error"
      onSubmit={onSubmit}
      formError={formError}
      submit={{ text: t('alarms.form.save'), testId: 'alarm-save', pending }}
      cancel={{ onClick: () => void navigate(back), testId: 'alarm-cancel' }}
    >
      <SpaceBetween size="l">
        {metrics.isError ? <Alert type="error">{t('alarms.form.metricsFailed')}</Alert> : null}
        <Container>
          <ColumnLayout columns={2}>
            <InputField control={form.control} name="alarmName" label={t('alarms.form.name')} testId="alarm-name" />
            <InputField control={form.control} name="description" label={t('alarms.form.description')} />
            <InputField control={form.control} name="service" label={t('alarms.form.service')} testId="alarm-service" />
            <SelectField control={form.control} name="metricName" label={t('alarms.form.metric')} options={metricOptions} loading={metrics.isLoading} filteringType="auto" testId="alarm-metric" unlistedOption={(value) => ({ value, label: value })} />
            <InputField control={form.control} name="resourceType" label={t('alarms.form.resourceType')} />
            <InputField control={form.control} name="resourceId" label={t('alarms.form.resourceId')} testId="alarm-resource" />
            <SelectField control={form.control} name="aggregation" label={t('alarms.form.aggregation')} options={AGGREGATIONS.map((value) => ({ value, label: value }))} />
            <SelectField control={form.control} name="conditionOperator" label={t('alarms.form.operator')} options={ALARM_CONDITION_OPERATORS.map((value) => ({ value, label: t(`alarms.form.operators.${value}`) }))} />
            <InputField control={form.control} name="threshold" label={t('alarms.form.threshold')} inputMode="decimal" testId="alarm-threshold" />
            <InputField control={form.control} name="durationMinutes" label={t('alarms.form.duration')} type="number" testId="alarm-duration" />
            <MultiselectField control={form.control} name="alarmGroupIds" label={t('alarms.form.groups')} options={(groups.data?.alarmGroups ?? []).map((group) => ({ value: group.alarmGroupId, label: group.alarmGroupName }))} testId="alarm-groups" />
            <MultiselectField
              control={form.control}
              name="receiverGroupIds"
              label={t('alarms.form.receiverGroups')}
              options={(receiverGroups.data?.receiverGroups ?? []).map((group) => ({ value: group.receiverGroupId, label: group.name }))}
              testId="alarm-receiver-groups"
            />
            <MultiselectField control={form.control} name="methods" label={t('alarms.form.methods')} options={[{ value: 'EMAIL', label: t('alarms.form.email') }, { value: 'SMS', label: t('alarms.form.sms') }]} />
            <SelectField control={form.control} name="category" label={t('alarms.form.category')} options={ALARM_CATEGORIES.map((value) => ({ value, label: t(`alarms.form.categories.${value}`) }))} />
          </ColumnLayout>
        </Container>
        <Container
          header={
            <Header variant="h2" description={t('alarms.form.filtersHelp')} actions={<Button data-testid="alarm-filter-add" onClick={() => filters.append({ key: '', operator: '=', value: '' })}>{t('alarms.form.filterAdd')}</Button>}>
              {t('alarms.form.filtersTitle')}
            </Header>
          }
        >
          <SpaceBetween size="s">
            {filters.fields.length === 0 ? <Box color="text-body-secondary">{t('alarms.form.filtersEmpty')}</Box> : null}
            {filters.fields.map((item, index) => (
              <ColumnLayout key={item.id} columns={4}>
                <InputField control={form.control} name={`filters.${index}.key`} label={t('alarms.form.filterKey')} testId={`alarm-filter-key-${index}`} />
                <SelectField control={form.control} name={`filters.${index}.operator`} label={t('alarms.form.filterOperator')} options={LABEL_OPERATORS.map((value) => ({ value, label: value }))} />
                <InputField control={form.control} name={`filters.${index}.value`} label={t('alarms.form.filterValue')} testId={`alarm-filter-value-${index}`} />
                <Box padding={{ top: 'xl' }}>
                  <Button variant="inline-link" onClick={() => filters.remove(index)} ariaLabel={t('alarms.form.filterRemove')}>{t('alarms.form.filterRemove')}</Button>
                </Box>
              </ColumnLayout>
            ))}
          </SpaceBetween>
        </Container>
        <Container
          header={
            <Header
              variant="h2"
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <Select
                    selectedOption={{ value: String(rangeHours), label: t(`alarms.backtest.ranges.h${rangeHours}`) }}
                    options={BACKTEST_RANGE_HOURS.map((hours) => ({ value: String(hours), label: t(`alarms.backtest.ranges.h${hours}`) }))}
                    onChange={({ detail }) => setRangeHours(BACKTEST_RANGE_HOURS.find((hours) => String(hours) === detail.selectedOption.value) ?? 168)}
                    ariaLabel={t('alarms.backtest.range')}
                    data-testid="backtest-range"
                  />
                  <Button formAction="none" data-testid="alarm-backtest" onClick={() => void runBacktest()}>{t('alarms.backtest.run')}</Button>
                </SpaceBetween>
              }
            >
              {t('alarms.backtest.run')}
            </Header>
          }
        >
          {result ? (
            <SpaceBetween size="s">
              <Box data-testid="backtest-result">{t('alarms.backtest.result', { count: result.fireCount, range: t(`alarms.backtest.ranges.h${result.rangeHours}`) })}</Box>
              <BacktestChart result={result} threshold={Number.isFinite(threshold) ? threshold : 0} />
            </SpaceBetween>
          ) : null}
        </Container>
      </SpaceBetween>
    </ServerForm>
  );
}

/**
 * The organization's add (/org/:orgId/custom-dashboard/alarm/add) first asks which project the
 * alarm watches (the projects the caller sees, spec §9 limit), then shows the project's form and
 * calls. A project where the caller may not create alarms says which role would allow it (the
 * server still decides). `back`: the custom dashboard's alarm list.
 */
export function OrgAlarmAddForm({ orgId, back }: { orgId: string; back: string }) {
  const { t } = useTranslation();
  const [projectId, setProjectId] = useState<string>();
  const projects = useQuery(orgProjectsQuery(orgId));
  const permission = usePermissions({ projectId }).check('Project.SystemNotification.Create');
  const options = (projects.data ?? []).map((project) => ({ value: project.projectId, label: project.projectName }));
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2" description={t('alarms.form.projectHelp')}>{t('alarms.form.project')}</Header>}>
        <FormField label={t('alarms.form.project')}>
          <Select
            data-testid="alarm-project"
            selectedOption={options.find((option) => option.value === projectId) ?? null}
            options={options}
            filteringType="auto"
            statusType={projects.isLoading ? 'loading' : 'finished'}
            loadingText={t('alarms.form.projectLoading')}
            empty={t('alarms.form.projectEmpty')}
            placeholder={t('alarms.form.projectPlaceholder')}
            onChange={({ detail }) => setProjectId(detail.selectedOption.value)}
          />
        </FormField>
      </Container>
      {projectId && permission.loading ? <PageSpinner /> : null}
      {projectId && !permission.loading && !permission.allowed ? (
        <Alert type="warning" data-testid="alarm-project-denied">{permission.reason}</Alert>
      ) : null}
      {projectId && permission.allowed ? <AlarmForm key={projectId} projectId={projectId} alarm={undefined} back={back} /> : null}
    </SpaceBetween>
  );
}
