import Button from '@cloudscape-design/components/button';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { OrgMember } from '@console/contracts/members';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { FieldSearchOption } from '../../../shared/ui/FieldSearch.tsx';
import { useSearchedTable } from '../../../shared/ui/use-searched-table.tsx';
import type { Formatters } from '../../../shared/i18n/format.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import type { Permissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { useSelectedRow } from '../../../shared/ui/use-selected-row.ts';
import { useRemoveOrgMemberMutation } from '../../../data/members/mutations.ts';
import { orgMembersQuery } from '../../../data/members/queries.ts';
import { MEMBER_STATUS_TYPES, orgRolesText } from './member-labels.ts';
import { paths } from '../../../shared/paths.ts';
import { TableHeader } from '../../../shared/ui/TableHeader.tsx';

export const ORG_MEMBERS_PAGE_SIZE = 20;
type SearchField = 'nameLike' | 'emailLike';
const SORT_FIELDS = ['name', 'email', 'regDateTime'] as const;

/** An organization's cloud members: searched by name or email and paged by the server. */
export function OrgMembersTable({ orgId, permissions }: { orgId: string; permissions: Permissions }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const columns = memberColumns(t, format);
  const table = useSearchedTable<OrgMember, SearchField, (typeof SORT_FIELDS)[number]>({
    tableId: 'org-members',
    columns,
    alwaysVisible: ['name'],
    defaultPageSize: ORG_MEMBERS_PAGE_SIZE,
    searchField: 'nameLike',
    sortFields: SORT_FIELDS,
    initialSort: { field: 'regDateTime' },
  });
  const { target, selectionProps, run } = useSelectedRow<OrgMember>({
    groupLabel: t('members.tabs.members'),
    itemLabel: (item) => item.email,
  });
  const members = useQuery(
    orgMembersQuery(orgId, { page: table.requestedPage, limit: table.pageSize, sort: table.sort, ...table.filter }),
  );
  const remove = useRemoveOrgMemberMutation(orgId);
  const totalCount = members.data?.paging.totalCount ?? 0;

  const inviteCheck = permissions.check('Organization.Member.Create');
  const updateCheck = permissions.check('Organization.Member.Update');
  const deleteCheck = permissions.check('Organization.Member.Delete');
  const fieldOptions: FieldSearchOption<SearchField>[] = [
    { value: 'nameLike', label: t('members.search.byName') },
    { value: 'emailLike', label: t('members.search.byEmail') },
  ];

  const onRemove = (member: OrgMember) =>
    run({
      confirm: {
        header: t('members.remove.title'),
        content: t('members.remove.content', { name: member.name, email: member.email }),
        confirmText: t('members.remove.button'),
      },
      task: () => remove.mutateAsync(member.memberUuid),
      done: t('members.remove.done', { name: member.name }),
      failed: t('members.remove.failed'),
    });

  if (members.isError) return <ErrorState error={members.error} onRetry={() => void members.refetch()} />;
  return (
    <Table<OrgMember>
      data-testid="org-members-table"
      header={
        <TableHeader
          count={members.data ? totalCount : undefined}
          actions={
            <>
              <Button
                disabled={!target || target.isOrgOwner || !deleteCheck.allowed}
                disabledReason={deleteCheck.reason ?? (target?.isOrgOwner ? t('members.remove.ownerNot') : undefined)}
                onClick={() => target && void onRemove(target)}
                data-testid="org-member-remove"
              >
                {t('members.remove.button')}
              </Button>
              <RouterButton
                href={target ? paths.org(orgId).memberCloudModify(target.memberUuid) : '#'}
                disabled={!target || target.isOrgOwner || !updateCheck.allowed}
                disabledReason={updateCheck.reason ?? (target?.isOrgOwner ? t('members.modify.ownerNot') : undefined)}
                data-testid="org-member-modify"
              >
                {t('members.modify.button')}
              </RouterButton>
              <RouterButton
                variant="primary"
                href={paths.org(orgId).memberCloudAdd}
                disabled={!inviteCheck.allowed}
                disabledReason={inviteCheck.reason}
                data-testid="org-member-invite"
              >
                {t('members.invite.button')}
              </RouterButton>
            </>
          }
        >
          {t('members.tabs.members')}
        </TableHeader>
      }
      filter={table.searchBar({ options: fieldOptions, placeholder: t('members.search.placeholder'), testId: 'org-members-search' })}
      {...table.tableProps(members, members.data?.members, totalCount, t('members.empty'))}
      trackBy="memberUuid"
      {...selectionProps}
    />
  );
}

/** The table's columns (outside the component: cells are plain render functions). */
function memberColumns(t: TFunction, format: Formatters): TableProps.ColumnDefinition<OrgMember>[] {
  return [
    { id: 'name', header: t('members.columns.name'), cell: (item) => item.name, sortingField: 'name' },
    { id: 'email', header: t('members.columns.email'), cell: (item) => item.email, sortingField: 'email' },
    { id: 'roles', header: t('members.columns.roles'), cell: (item) => orgRolesText(t, item.orgRoleCodes) },
    {
      id: 'status',
      header: t('members.columns.status'),
      cell: (item) => (
        <StatusIndicator type={MEMBER_STATUS_TYPES[item.memberStatusCode]}>
          {t(`members.status.${item.memberStatusCode}`)}
        </StatusIndicator>
      ),
    },
    { id: 'joined', header: t('members.columns.joined'), cell: (item) => format.dateTime(item.regDateTime), sortingField: 'regDateTime' },
  ];
}
