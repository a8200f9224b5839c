import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { Silence } from '@console/contracts';
import type { Delivery, ReceiverGroupSummary, Webhook } from '@console/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { deliveriesQuery, receiverGroupQuery, receiverGroupsQuery, useReceiverGroupMutations, type NotificationScope } from '../../../data/notifications/queries.ts';
import { silencesQuery, type SilenceScope } from '../../../data/notifications/silences.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import type { Formatters } from '../../../shared/i18n/format.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import type { Permissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import { TableHeader } from '../../../shared/ui/TableHeader.tsx';
import { useServerPages } from '../../../shared/ui/use-server-pages.tsx';
import { ReceiverGroupSilence } from './ReceiverGroupSilence.tsx';

/** A project page's silences of receiver groups: what the list and the detail show, and who may change them. */
interface GroupSilencing {
  scope: SilenceScope;
  silences: readonly Silence[];
  canSilence: boolean;
  deniedReason: string | undefined;
}

const PAGE_SIZE = 20;

function LastResult({ hook }: { hook: Webhook }) {
  const { t } = useTranslation();
  if (hook.paused) return <StatusIndicator type="stopped">{t('notifications.webhooks.paused')}</StatusIndicator>;
  if (!hook.lastStatusCode) return <StatusIndicator type="pending">{t('notifications.webhooks.never')}</StatusIndicator>;
  const status = hook.lastHttpStatus ? ` (${hook.lastHttpStatus})` : '';
  return hook.lastStatusCode === 'SUCCESS' ? (
    <StatusIndicator type="success">{`${t('notifications.outcomes.SUCCESS')}${status}`}</StatusIndicator>
  ) : (
    <StatusIndicator type="error">{`${t(`notifications.outcomes.${hook.lastStatusCode as 'HTTP_ERROR'}`)}${status}`}</StatusIndicator>
  );
}

/** The list's silence column: until when the group is muted, and why. */
function SilencedUntil({ silence }: { silence: Silence | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (!silence) return '-';
  return (
    <StatusIndicator type="stopped" data-testid="receiver-group-row-silenced">
      {t('alarms.list.silencedUntil', { time: format.dateTime(silence.endsAt), reason: silence.reason })}
    </StatusIndicator>
  );
}

/** On a project page: the column saying which groups are silenced now. */
function silenceColumn(t: TFunction, silencing: GroupSilencing | undefined): TableProps.ColumnDefinition<ReceiverGroupSummary>[] {
  if (!silencing) return [];
  const activeOf = (groupId: string) => silencing.silences.find((silence) => silence.receiverGroupId === groupId && silence.isActive);
  return [{ id: 'silence', header: t('alarms.list.columns.silence'), cell: (item) => <SilencedUntil silence={activeOf(item.receiverGroupId)} /> }];
}

type DeliveryRow = { key: string; delivery: Delivery; attempt: Delivery['attempts'][number] | undefined };

/** The delivery log's columns: one row per attempt (or per delivery not attempted yet). */
function deliveryColumns(t: TFunction, format: Formatters, canUpdate: boolean, onRedeliver: (deliveryId: string) => void): TableProps.ColumnDefinition<DeliveryRow>[] {
  return [
    { id: 'time', header: t('notifications.deliveries.time'), cell: (row) => format.dateTime(row.attempt?.attemptedDateTime ?? row.delivery.regDateTime) },
    { id: 'event', header: t('notifications.deliveries.event'), cell: (row) => row.delivery.eventType },
    { id: 'id', header: t('notifications.deliveries.id'), cell: (row) => <Box variant="code">{row.delivery.deliveryId}</Box> },
    {
      id: 'outcome',
      header: t('notifications.deliveries.outcome'),
      cell: (row) =>
        row.attempt ? (
          <StatusIndicator type={row.attempt.outcomeCode === 'SUCCESS' ? 'success' : 'error'}>
            {`${t(`notifications.outcomes.${row.attempt.outcomeCode}`)}${row.attempt.httpStatus ? ` (${row.attempt.httpStatus})` : ''}`}
          </StatusIndicator>
        ) : (
          <StatusIndicator type="pending">{t(`notifications.deliveryStatus.${row.delivery.statusCode}`)}</StatusIndicator>
        ),
    },
    { id: 'latency', header: t('notifications.deliveries.latency'), cell: (row) => (row.attempt ? `${format.number(row.attempt.latencyMs)} ms` : '-') },
    { id: 'answer', header: t('notifications.deliveries.answer'), cell: (row) => row.attempt?.errorMessage ?? row.attempt?.responseExcerpt.slice(0, 120) ?? '-' },
    {
      id: 'actions',
      header: t('notifications.deliveries.actions'),
      cell: (row) => (
        <Button
          variant="inline-link"
          disabled={!canUpdate}
          onClick={() => onRedeliver(row.delivery.deliveryId)}
        >
          {t('notifications.deliveries.redeliver')}
        </Button>
      ),
    },
  ];
}

/** A webhook's delivery log: every attempt with time, outcome, status, latency and the answer's beginning; redeliver. */
function DeliveryLog({ scope, groupId, hook, canUpdate }: { scope: NotificationScope; groupId: string; hook: Webhook; canUpdate: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const deliveries = useQuery(deliveriesQuery(scope, groupId, hook.webhookId, 1));
  const { redeliver } = useReceiverGroupMutations(scope);
  const onRedeliver = (deliveryId: string) =>
    void redeliver
      .mutateAsync({ receiverGroupId: groupId, webhookId: hook.webhookId, deliveryId })
      .then(() => toasts.show({ type: 'success', content: t('notifications.deliveries.redelivered') }))
      .catch((error: unknown) => modals.alert({ header: t('notifications.deliveries.redeliver'), content: apiErrorMessage(error, t) }));
  const rows = (deliveries.data?.deliveries ?? []).flatMap((delivery: Delivery): DeliveryRow[] =>
    delivery.attempts.length === 0
      ? [{ key: delivery.deliveryId, delivery, attempt: undefined }]
      : delivery.attempts.map((attempt) => ({ key: `${delivery.deliveryId}-${attempt.attemptNo}`, delivery, attempt })),
  );
  return (
    <Table
      data-testid="delivery-log"
      variant="embedded"
      header={<Header variant="h3">{t('notifications.deliveries.title', { name: hook.name })}</Header>}
      loading={deliveries.isPending}
      loadingText={t('common.loading')}
      items={rows}
      trackBy="key"
      empty={<Box color="text-status-inactive">{t('notifications.deliveries.empty')}</Box>}
      columnDefinitions={deliveryColumns(t, format, canUpdate, onRedeliver)}
    />
  );
}

function GroupDetail({ scope, groupId, canUpdate, silencing }: { scope: NotificationScope; groupId: string; canUpdate: boolean; silencing: GroupSilencing | undefined }) {
  const { t } = useTranslation();
  const group = useQuery(receiverGroupQuery(scope, groupId));
  const { test } = useReceiverGroupMutations(scope);
  if (group.isPending) return <PageSpinner />;
  if (group.isError) return <ErrorState error={group.error} onRetry={() => void group.refetch()} />;
  const detail = group.data.receiverGroup;
  return (
    <Container header={<Header variant="h2" description={detail.description}>{detail.name}</Header>} data-testid="receiver-group-detail">
      <SpaceBetween size="l">
        {silencing ? (
          <ReceiverGroupSilence
            scope={silencing.scope}
            group={{ receiverGroupId: groupId, name: detail.name }}
            silences={silencing.silences}
            canSilence={silencing.canSilence}
            deniedReason={silencing.deniedReason}
          />
        ) : null}
        <Box>
          <Box variant="awsui-key-label">{t('notifications.groups.members')}</Box>
          {detail.members.length === 0 ? (
            '-'
          ) : (
            <SpaceBetween direction="horizontal" size="s">
              {detail.members.map((member) => (
                <span key={member.memberId ?? member.invitationId} data-testid="receiver-group-member">
                  <Badge color={member.membership === 'INVITED' ? 'blue' : 'green'}>{t(`notifications.groups.membership.${member.membership}`)}</Badge>{' '}
                  {member.membership === 'INVITED' ? member.email : `${member.name} (${member.email})`}
                </span>
              ))}
            </SpaceBetween>
          )}
        </Box>
        {detail.webhooks.map((hook) => (
          <SpaceBetween size="s" key={hook.webhookId}>
            <SpaceBetween direction="horizontal" size="s" alignItems="center">
              <Box variant="strong">{hook.name}</Box>
              <Box variant="code">{hook.targetUrl}</Box>
              <LastResult hook={hook} />
              <Button
                disabled={!canUpdate}
                data-testid="webhook-test"
                onClick={() =>
                  void test
                    .mutateAsync({ receiverGroupId: groupId, webhookId: hook.webhookId })
                    .then(() => toasts.show({ type: 'success', content: t('notifications.webhooks.testSent') }))
                    .catch((error: unknown) => modals.alert({ header: t('notifications.webhooks.test'), content: apiErrorMessage(error, t) }))
                }
              >
                {t('notifications.webhooks.test')}
              </Button>
            </SpaceBetween>
            <DeliveryLog scope={scope} groupId={groupId} hook={hook} canUpdate={canUpdate} />
          </SpaceBetween>
        ))}
      </SpaceBetween>
    </Container>
  );
}

/**
 * The organization's or a project's receiver groups below their page's header (issue 16: a part
 * on demand): paged and searched by the server; delete, and modify through the page's form
 * (`onModify`); a selected group's webhooks with their last result, "send test event" and the
 * delivery log, and on a project page its silences.
 */
export function ReceiverGroupsList({
  scope,
  permissions,
  onModify,
}: {
  scope: NotificationScope;
  permissions: Permissions;
  onModify: (receiverGroupId: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const prefix = scope.kind === 'project' ? 'Project' : 'Organization';
  const updateCheck = permissions.check(`${prefix}.AlarmGroup.Update`);
  const deleteCheck = permissions.check(`${prefix}.AlarmGroup.Delete`);
  // A project page shows and changes its groups' silences (for its alarms); the organization's, its groups' for every project.
  const silenceScope: SilenceScope = scope;
  const silenceListCheck = permissions.check(`${prefix}.SystemNotification.List`);
  const silenceCheck = permissions.check(`${prefix}.SystemNotification.Update`);
  const silences = useQuery({ ...silencesQuery(silenceScope), enabled: silenceListCheck.allowed });
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [selected, setSelected] = useState<ReceiverGroupSummary[]>([]);
  const { requestedPage, setPage, pagination } = useServerPages(PAGE_SIZE);
  const groups = useQuery(receiverGroupsQuery(scope, { page: requestedPage, limit: PAGE_SIZE, nameLike: term || undefined }));
  const { remove } = useReceiverGroupMutations(scope);
  const target = selected[0];

  if (groups.isError && !groups.data) return <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />;

  const onDelete = async (group: ReceiverGroupSummary) => {
    const confirmed = await modals.confirm({ header: t('notifications.groups.deleteTitle'), content: t('notifications.groups.deleteContent', { name: group.name }), confirmText: t('notifications.groups.delete') });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(group.receiverGroupId);
      setSelected([]);
      toasts.show({ type: 'success', content: t('notifications.groups.deleted', { name: group.name }) });
    } catch (error) {
      await modals.alert({ header: t('notifications.groups.deleteTitle'), content: apiErrorMessage(error, t) });
    }
  };

  const totalCount = groups.data?.paging.totalCount ?? 0;
  const silencing: GroupSilencing | undefined =
    // On the organization's page, its groups' own silences (a project's silence of an organization group mutes it for that project only).
    silences.data ? { scope: silenceScope, silences: silences.data.silences.filter((silence) => silence.receiverGroupId && (scope.kind === 'project' || silence.projectId === null)), canSilence: silenceCheck.allowed, deniedReason: silenceCheck.reason } : undefined;
  return (
    <SpaceBetween size="l">
      <Table<ReceiverGroupSummary>
        data-testid="receiver-groups-table"
        header={
          <TableHeader
            count={groups.data ? totalCount : undefined}
            actions={
              <>
                <Button disabled={!target || !deleteCheck.allowed} disabledReason={deleteCheck.reason} onClick={() => target && void onDelete(target)} data-testid="receiver-group-delete">
                  {t('notifications.groups.delete')}
                </Button>
                <Button disabled={!target || !updateCheck.allowed} disabledReason={updateCheck.reason} onClick={() => target && onModify(target.receiverGroupId)} data-testid="receiver-group-modify">
                  {t('notifications.groups.modify')}
                </Button>
              </>
            }
          >
            {t('notifications.groups.title')}
          </TableHeader>
        }
        filter={
          <TextFilter
            filteringText={typed}
            filteringPlaceholder={t('notifications.groups.search')}
            filteringAriaLabel={t('notifications.groups.search')}
            onChange={({ detail }) => setTyped(detail.filteringText)}
            onDelayedChange={({ detail }) => {
              setTerm(detail.filteringText.trim());
              setPage(1);
            }}
          />
        }
        loading={groups.isPending}
        loadingText={t('common.loading')}
        items={groups.data?.receiverGroups ?? []}
        trackBy="receiverGroupId"
        selectionType="single"
        selectedItems={selected}
        onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
        ariaLabels={{ selectionGroupLabel: t('notifications.groups.title'), itemSelectionLabel: (_data, item) => item.name, allItemsSelectionLabel: () => t('notifications.groups.title') }}
        empty={<Box color="text-status-inactive">{t('notifications.groups.empty')}</Box>}
        columnDefinitions={[
          { id: 'name', header: t('notifications.groups.name'), isRowHeader: true, cell: (item) => item.name },
          { id: 'description', header: t('notifications.groups.descriptionLabel'), cell: (item) => item.description || '-' },
          { id: 'members', header: t('notifications.groups.members'), cell: (item) => format.number(item.memberCount + item.roleGroupCount) },
          { id: 'webhooks', header: t('notifications.webhooks.title'), cell: (item) => format.number(item.webhookCount) },
          { id: 'registered', header: t('notifications.groups.registered'), cell: (item) => format.dateTime(item.regDateTime) },
          ...silenceColumn(t, silencing),
        ]}
        pagination={pagination(groups, totalCount)}
      />
      {target ? <GroupDetail scope={scope} groupId={target.receiverGroupId} canUpdate={updateCheck.allowed} silencing={silencing} /> : null}
    </SpaceBetween>
  );
}
