import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { AuditCategory, AuditEvent, AuditFilter, AuditResult } from '@console/contracts/audit';
import { AUDIT_CATEGORIES, AUDIT_RESULTS } from '@console/contracts/audit-constants';
import { exportAuditEvents, listAuditEvents } from '@console/contracts/refs/audit';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { endpointQuery } from '../../../data/endpoint.ts';
import { buildUrl } from '../../../shared/api/client.ts';
import type { Formatters } from '../../../shared/i18n/format.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { useServerPages } from '../../../shared/ui/use-server-pages.tsx';

const PAGE_SIZE = 20;

/** Text inputs are applied after a short pause, so typing does not ask the server at every key. */
function useDebounced(value: string, ms = 400) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The organization's audit log below its page's header (issue 16: a part on demand): filtered and paged by the server, exported as CSV. */
export function OrgAuditTable() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const format = useFormatters();
  const permissions = usePermissions({ orgId });
  const list = permissions.check('Organization.Member.List');
  const settings = permissions.check('Organization.Setting.Update');
  const allowed = list.allowed && settings.allowed;
  const [actorText, setActorText] = useState('');
  const [actionText, setActionText] = useState('');
  const [category, setCategory] = useState<AuditCategory>();
  const [result, setResult] = useState<AuditResult>();
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const actor = useDebounced(actorText.trim());
  const action = useDebounced(actionText.trim());
  const pages = useServerPages(PAGE_SIZE);
  const filter: AuditFilter = {
    ...(actor ? { actor } : {}),
    ...(action ? { action } : {}),
    ...(category ? { category } : {}),
    ...(result ? { result } : {}),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(fromDate) ? { from: `${fromDate}T00:00:00.000Z` } : {}),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(toDate) ? { to: `${toDate}T23:59:59.999Z` } : {}),
  };
  const events = useQuery({ ...endpointQuery(listAuditEvents, { params: { orgId }, query: { ...filter, page: pages.requestedPage, limit: PAGE_SIZE } }), enabled: allowed });
  if (events.isError) return <ErrorState error={events.error} onRetry={() => void events.refetch()} />;

  const categoryOptions = [{ value: '', label: t('security.audit.all') }, ...AUDIT_CATEGORIES.map((code) => ({ value: code, label: t(`security.audit.category_${code}`) }))];
  const resultOptions = [{ value: '', label: t('security.audit.all') }, ...AUDIT_RESULTS.map((code) => ({ value: code, label: t(`security.audit.result_${code}`) }))];
  const reset = () => pages.setPage(1);
  const totalCount = events.data?.paging.totalCount ?? 0;
  const reason = list.reason ?? settings.reason ?? '';

  return (
    <Table
      data-testid="audit-table"
      variant="container"
      loading={permissions.isLoading || (allowed && events.isPending)}
      loadingText={t('common.loading')}
      items={events.data?.auditEvents ?? []}
      trackBy="auditId"
      wrapLines
      header={
        <Header
          counter={events.data ? `(${totalCount})` : undefined}
          actions={
            <Button href={buildUrl(exportAuditEvents, { orgId }, filter)} iconName="download" disabled={!allowed} data-testid="audit-export">
              {t('security.audit.export')}
            </Button>
          }
        >
          {t('security.audit.title')}
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="s">
          <FormField label={t('security.audit.actor')}>
            <Input value={actorText} placeholder={t('security.audit.actorPlaceholder')} onChange={({ detail }) => { setActorText(detail.value); reset(); }} disabled={!allowed} data-testid="audit-actor" />
          </FormField>
          <FormField label={t('security.audit.action')}>
            <Input value={actionText} placeholder={t('security.audit.actionPlaceholder')} onChange={({ detail }) => { setActionText(detail.value); reset(); }} disabled={!allowed} />
          </FormField>
          <FormField label={t('security.audit.category')}>
            <Select
              selectedOption={categoryOptions.find((option) => option.value === (category ?? '')) ?? null}
              options={categoryOptions}
              onChange={({ detail }) => { setCategory((detail.selectedOption.value || undefined) as AuditCategory | undefined); reset(); }}
              disabled={!allowed}
              data-testid="audit-category"
            />
          </FormField>
          <FormField label={t('security.audit.result')}>
            <Select
              selectedOption={resultOptions.find((option) => option.value === (result ?? '')) ?? null}
              options={resultOptions}
              onChange={({ detail }) => { setResult((detail.selectedOption.value || undefined) as AuditResult | undefined); reset(); }}
              disabled={!allowed}
            />
          </FormField>
          <FormField label={t('security.audit.from')}>
            <DatePicker value={fromDate} placeholder="YYYY/MM/DD" onChange={({ detail }) => { setFromDate(detail.value); reset(); }} openCalendarAriaLabel={() => t('security.audit.chooseDate')} disabled={!allowed} />
          </FormField>
          <FormField label={t('security.audit.to')}>
            <DatePicker value={toDate} placeholder="YYYY/MM/DD" onChange={({ detail }) => { setToDate(detail.value); reset(); }} openCalendarAriaLabel={() => t('security.audit.chooseDate')} disabled={!allowed} />
          </FormField>
        </SpaceBetween>
      }
      pagination={pages.pagination(events, totalCount)}
      empty={<Box textAlign="center" color="inherit">{allowed || permissions.isLoading ? t('security.audit.empty') : t('security.audit.notAllowed', { reason })}</Box>}
      columnDefinitions={auditColumns(t, format)}
    />
  );
}

const short = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** A break-glass event names the network rules its code lifted (use) or would lift (request). */
function breakGlassSummary(t: TFunction, event: AuditEvent): string | undefined {
  if (event.category !== 'BREAK_GLASS') return undefined;
  const detail = (event.detail ?? {}) as { disabled?: string[]; rulesInForce?: string[] };
  const names = (rules: string[]) => {
    const known = rules.filter((rule): rule is 'IP_ACL' | 'COUNTRY' => rule === 'IP_ACL' || rule === 'COUNTRY');
    return known.length > 0 ? known.map((rule) => t(`security.audit.rule_${rule}`)).join(', ') : t('security.audit.noRules');
  };
  if (detail.disabled) return t('security.audit.breakGlassLifted', { rules: names(detail.disabled) });
  return t('security.audit.breakGlassInForce', { rules: names(detail.rulesInForce ?? []) });
}

function auditColumns(t: TFunction, format: Formatters): TableProps.ColumnDefinition<AuditEvent>[] {
  return [
    { id: 'time', header: t('security.audit.time'), cell: (event) => <time dateTime={event.createdAt}>{format.dateTime(event.createdAt)}</time> },
    {
      id: 'actor',
      header: t('security.audit.actor'),
      cell: (event) => (
        <>
          {event.actor.login || t('security.audit.anonymous')}
          {event.actor.accessTokenId ? <Box variant="small" display="block" color="text-body-secondary">{t('security.audit.viaToken')}</Box> : null}
        </>
      ),
    },
    {
      id: 'action',
      header: t('security.audit.action'),
      cell: (event) => (
        <>
          <Box variant="small" display="block" color="text-body-secondary">{t(`security.audit.category_${event.category}`)}</Box>
          <Box variant="code">{event.action}</Box>
        </>
      ),
    },
    {
      id: 'result',
      header: t('security.audit.result'),
      cell: (event) => (
        <StatusIndicator type={event.result === 'SUCCESS' ? 'success' : 'error'}>
          {`${t(`security.audit.result_${event.result}`)}${event.result === 'FAILURE' ? ` (${event.resultCode})` : ''}`}
        </StatusIndicator>
      ),
    },
    {
      id: 'where',
      header: t('security.audit.where'),
      cell: (event) => (
        <>
          {event.clientIp}
          <Box variant="small" display="block" color="text-body-secondary">{event.userAgent}</Box>
        </>
      ),
    },
    { id: 'target', header: t('security.audit.target'), cell: (event) => (event.target.id ? `${event.target.type ?? ''} ${event.target.id}` : '—') },
    {
      id: 'change',
      header: t('security.audit.change'),
      cell: (event) => {
        const summary = breakGlassSummary(t, event);
        const change = event.before === null && event.after === null ? null : <Box variant="code">{`${short(event.before)} → ${short(event.after)}`}</Box>;
        if (!summary && !change) return '—';
        return (
          <>
            {summary ? <Box display="block" data-testid="audit-break-glass">{summary}</Box> : null}
            {change}
          </>
        );
      },
    },
  ];
}
