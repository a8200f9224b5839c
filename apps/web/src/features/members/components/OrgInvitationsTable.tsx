import Button from '@cloudscape-design/components/button';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { OrgInvitation } from '@console/contracts/members';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useServerPages } from '../../../shared/ui/use-server-pages.tsx';
import { useTablePreferences } from '../../../shared/ui/use-table-preferences.tsx';
import { useSelectedRow } from '../../../shared/ui/use-selected-row.ts';
import type { Formatters } from '../../../shared/i18n/format.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import type { Permissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { useCancelInvitationMutation, useResendInvitationMutation } from '../../../data/members/mutations.ts';
import { orgInvitationsQuery } from '../../../data/members/queries.ts';
import { INVITATION_STATUS_TYPES, orgRolesText } from './member-labels.ts';
import { TableHeader } from '../../../shared/ui/TableHeader.tsx';

const PAGE_SIZE = 20;
/** Invitations not accepted yet can be sent again or withdrawn. */
const isOpen = (invitation: OrgInvitation | undefined) =>
  invitation !== undefined && (invitation.invitationStatus === 'WAIT' || invitation.invitationStatus === 'EXPIRE');

/** An organization's invitations, newest first, with resend and cancel. */
export function OrgInvitationsTable({ orgId, permissions }: { orgId: string; permissions: Permissions }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const columns = invitationColumns(t, format);
  const prefs = useTablePreferences({ tableId: 'org-invitations', columns, alwaysVisible: ['email'], defaultPageSize: PAGE_SIZE });
  const { requestedPage, setPage, tableProps } = useServerPages(prefs.pageSize);
  const { target, selectionProps, run } = useSelectedRow<OrgInvitation>({
    groupLabel: t('members.tabs.invitations'),
    itemLabel: (item) => item.email,
  });
  const invitations = useQuery(
    orgInvitationsQuery(orgId, { page: requestedPage, limit: prefs.pageSize, ...(term ? { emailLike: term } : {}) }),
  );
  const resend = useResendInvitationMutation(orgId);
  const cancel = useCancelInvitationMutation(orgId);
  const totalCount = invitations.data?.paging.totalCount ?? 0;
  const resendCheck = permissions.check('Organization.Member.Create');
  const cancelCheck = permissions.check('Organization.Member.Delete');
  const closedReason = target && !isOpen(target) ? t('members.invitations.closed') : undefined;

  const onResend = (invitation: OrgInvitation) =>
    run({
      task: () => resend.mutateAsync(invitation.invitationId),
      done: t('members.invitations.resent', { email: invitation.email }),
      failed: t('members.invitations.resendFailed'),
    });

  const onCancel = (invitation: OrgInvitation) =>
    run({
      confirm: {
        header: t('members.invitations.cancelTitle'),
        content: t('members.invitations.cancelContent', { email: invitation.email }),
        confirmText: t('members.invitations.cancel'),
      },
      task: () => cancel.mutateAsync(invitation.invitationId),
      done: t('members.invitations.cancelled', { email: invitation.email }),
      failed: t('members.invitations.cancelFailed'),
    });

  if (invitations.isError) return <ErrorState error={invitations.error} onRetry={() => void invitations.refetch()} />;
  return (
    <Table<OrgInvitation>
      data-testid="org-invitations-table"
      header={
        <TableHeader
          count={invitations.data ? totalCount : undefined}
          actions={
            <>
              <Button
                disabled={!isOpen(target) || !cancelCheck.allowed}
                disabledReason={cancelCheck.reason ?? closedReason}
                onClick={() => target && void onCancel(target)}
                data-testid="org-invitation-cancel"
              >
                {t('members.invitations.cancel')}
              </Button>
              <Button
                disabled={!isOpen(target) || !resendCheck.allowed}
                disabledReason={resendCheck.reason ?? closedReason}
                onClick={() => target && void onResend(target)}
                data-testid="org-invitation-resend"
              >
                {t('members.invitations.resend')}
              </Button>
            </>
          }
        >
          {t('members.tabs.invitations')}
        </TableHeader>
      }
      filter={
        <TextFilter
          filteringText={typed}
          filteringPlaceholder={t('members.search.byEmail')}
          filteringAriaLabel={t('members.search.byEmail')}
          onChange={({ detail }) => setTyped(detail.filteringText)}
          onDelayedChange={({ detail }) => {
            setTerm(detail.filteringText.trim());
            setPage(1);
          }}
          data-testid="org-invitations-search"
        />
      }
      {...tableProps(invitations, invitations.data?.invitations, totalCount, t('members.invitations.empty'))}
      trackBy="invitationId"
      {...selectionProps}
      columnDefinitions={columns}
      {...prefs.tableProps}
    />
  );
}

/** The table's columns (outside the component: cells are plain render functions). */
function invitationColumns(t: TFunction, format: Formatters): TableProps.ColumnDefinition<OrgInvitation>[] {
  return [
    { id: 'email', header: t('members.columns.email'), cell: (item) => item.email },
    { id: 'roles', header: t('members.columns.roles'), cell: (item) => orgRolesText(t, item.orgRoleCodes) },
    {
      id: 'status',
      header: t('members.columns.status'),
      cell: (item) => (
        <StatusIndicator type={INVITATION_STATUS_TYPES[item.invitationStatus]}>
          {t(`members.invitationStatus.${item.invitationStatus}`)}
        </StatusIndicator>
      ),
    },
    { id: 'invitedBy', header: t('members.columns.invitedBy'), cell: (item) => item.invitedByName ?? '-' },
    { id: 'sent', header: t('members.columns.sent'), cell: (item) => format.dateTime(item.sentDateTime) },
    { id: 'expires', header: t('members.columns.expires'), cell: (item) => format.dateTime(item.expireDateTime) },
  ];
}
