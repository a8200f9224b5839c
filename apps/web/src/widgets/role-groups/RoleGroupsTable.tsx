import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { RoleGroupSort, RoleGroupSummary } from '@console/contracts/role-groups';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { apiErrorMessage } from '../../shared/i18n/api-error-message.ts';
import type { Formatters } from '../../shared/i18n/format.ts';
import { useFormatters } from '../../shared/i18n/LocaleProvider.tsx';
import type { PermissionCheck } from '../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { modals } from '../../shared/ui/modals.ts';
import { progress } from '../../shared/ui/progress.ts';
import { RouterLink } from '../../shared/ui/RouterLink.tsx';
import { toasts } from '../../shared/ui/toasts.ts';
import { useServerPages } from '../../shared/ui/use-server-pages.tsx';
import { useTablePreferences } from '../../shared/ui/use-table-preferences.tsx';
import { useDeleteRoleGroupMutation } from '../../data/role-groups/mutations.ts';
import { roleGroupsQuery } from '../../data/role-groups/queries.ts';
import { modifyPathOf, type RoleGroupScope } from '../../data/role-groups/scope.ts';
import { TableHeader } from '../../shared/ui/TableHeader.tsx';
import { RoleGroupAddButton } from './RoleGroupAddButton.tsx';

const PAGE_SIZE = 20;

/** The columns the server sorts by, and the sort they ask for. */
const SORT_OF: Readonly<Record<string, { asc: RoleGroupSort; desc: RoleGroupSort }>> = {
  name: { asc: 'name,asc', desc: 'name,desc' },
  registered: { asc: 'regDateTime,asc', desc: 'regDateTime,desc' },
};

/** Name (with description, linking to the group), type, role and member counts, registration date. */
function roleGroupColumns(t: TFunction, format: Formatters, scope: RoleGroupScope): TableProps.ColumnDefinition<RoleGroupSummary>[] {
  return [
    {
      id: 'name',
      header: t('roleGroups.columns.name'),
      sortingField: 'name',
      isRowHeader: true,
      cell: (item) => (
        <SpaceBetween size="xxxs">
          <RouterLink href={modifyPathOf(scope, item.roleGroupId)} data-testid="role-group-link">
            {item.roleGroupName}
          </RouterLink>
          {item.description ? <Box variant="small">{item.description}</Box> : null}
        </SpaceBetween>
      ),
    },
    { id: 'type', header: t('roleGroups.columns.type'), cell: (item) => t(`roleGroups.type.${item.typeCode}`) },
    { id: 'roles', header: t('roleGroups.columns.roleCount'), cell: (item) => format.number(item.roleCount) },
    { id: 'members', header: t('roleGroups.columns.memberCount'), cell: (item) => format.number(item.memberCount) },
    { id: 'registered', header: t('roleGroups.columns.registered'), sortingField: 'registered', cell: (item) => format.dateTime(item.regDateTime) },
  ];
}

export interface RoleGroupChecks {
  /** Add in the table's header; absent where the page's header holds it (a project's role groups page). */
  readonly create?: PermissionCheck;
  readonly update: PermissionCheck;
  readonly remove: PermissionCheck;
}

/**
 * Role groups a server page at a time (spec §3 "Role group": name, type, role count, member count,
 * registration date), searched by name and sorted by name or date on the server. Add, modify and
 * delete stay visible and say which role they need when the caller may not use them; common
 * groups shown in a project open read-only and cannot be deleted there.
 */
export function RoleGroupsTable({
  scope,
  checks,
  title,
  description,
}: {
  scope: RoleGroupScope;
  checks: RoleGroupChecks;
  title: string;
  description?: string;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [sorting, setSorting] = useState<{ column: 'name' | 'registered'; descending: boolean }>({ column: 'registered', descending: true });
  const columns = roleGroupColumns(t, format, scope);
  const prefs = useTablePreferences({ tableId: 'role-groups', columns, alwaysVisible: ['name'], defaultPageSize: PAGE_SIZE });
  const { requestedPage, setPage, pagination } = useServerPages(prefs.pageSize);
  const [selected, setSelected] = useState<RoleGroupSummary[]>([]);
  const sort = SORT_OF[sorting.column]![sorting.descending ? 'desc' : 'asc'];
  const groups = useQuery(roleGroupsQuery(scope, { page: requestedPage, limit: prefs.pageSize, sort, nameLike: term || undefined }));
  const remove = useDeleteRoleGroupMutation(scope);
  const totalCount = groups.data?.paging.totalCount ?? 0;
  const target = selected[0];
  const notEditable = target && !target.editable ? t('roleGroups.readOnlyCommon') : undefined;

  const onDelete = async (group: RoleGroupSummary) => {
    const confirmed = await modals.confirm({
      header: t('roleGroups.deleteDialog.title'),
      content: <span data-testid="role-group-delete-content">{t('roleGroups.deleteDialog.content', { name: group.roleGroupName })}</span>,
      confirmText: t('roleGroups.remove'),
    });
    if (!confirmed) return;
    try {
      await progress.track(remove.mutateAsync(group.roleGroupId));
      setSelected([]);
      toasts.show({ type: 'success', content: t('roleGroups.deleteDialog.done', { name: group.roleGroupName }) });
    } catch (error) {
      await modals.alert({ header: t('roleGroups.deleteDialog.failed'), content: apiErrorMessage(error, t) });
    }
  };


  if (groups.isError && !groups.data) return <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />;
  return (
    <Table<RoleGroupSummary>
      data-testid="role-groups-table"
      header={
        <TableHeader
          description={description}
          count={groups.data ? totalCount : undefined}
          actions={
            <>
              <Button
                disabled={!target || !checks.remove.allowed || notEditable !== undefined}
                disabledReason={checks.remove.reason ?? notEditable}
                onClick={() => target && void onDelete(target)}
                data-testid="role-group-delete"
              >
                {t('roleGroups.remove')}
              </Button>
              <Button
                disabled={!target || !checks.update.allowed}
                disabledReason={checks.update.reason}
                onClick={() => target && void navigate(modifyPathOf(scope, target.roleGroupId))}
                data-testid="role-group-modify"
              >
                {t('roleGroups.modify')}
              </Button>
              {checks.create ? <RoleGroupAddButton scope={scope} check={checks.create} /> : null}
            </>
          }
        >
          {title}
        </TableHeader>
      }
      filter={
        <TextFilter
          filteringText={typed}
          filteringPlaceholder={t('roleGroups.search')}
          filteringAriaLabel={t('roleGroups.search')}
          countText={term && groups.data ? `(${totalCount})` : undefined}
          onChange={({ detail }) => setTyped(detail.filteringText)}
          onDelayedChange={({ detail }) => {
            setTerm(detail.filteringText.trim());
            setPage(1);
          }}
          data-testid="role-groups-search"
        />
      }
      sortingColumn={{ sortingField: sorting.column }}
      sortingDescending={sorting.descending}
      onSortingChange={({ detail }) => {
        const column = detail.sortingColumn.sortingField === 'name' ? 'name' : 'registered';
        setSorting({ column, descending: detail.isDescending ?? false });
        setPage(1);
      }}
      loading={groups.isPending}
      loadingText={t('common.loading')}
      items={groups.data?.roleGroups ?? []}
      trackBy="roleGroupId"
      selectionType="single"
      selectedItems={selected}
      onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
      ariaLabels={{
        selectionGroupLabel: title,
        itemSelectionLabel: (_data, item) => item.roleGroupName,
        allItemsSelectionLabel: () => title,
      }}
      empty={<Box color="text-status-inactive">{term ? t('roleGroups.noMatch') : t('roleGroups.empty')}</Box>}
      columnDefinitions={columns}
      {...prefs.tableProps}
      pagination={pagination(groups, totalCount)}
    />
  );
}

