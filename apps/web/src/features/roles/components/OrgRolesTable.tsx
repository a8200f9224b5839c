import Box from '@cloudscape-design/components/box';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { OrgInfo } from '@console/contracts/organizations';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { orgSelfRolesQuery } from '../../../shared/permissions/queries.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { RouterLink } from '../../../shared/ui/RouterLink.tsx';
import { organizationInfosQuery } from '../../../data/organizations/queries.ts';
import { PermissionsCell, RolesCell } from './RoleCells.tsx';
import { useTablePreferences } from '../../../shared/ui/use-table-preferences.tsx';
import { paths } from '../../../shared/paths.ts';
import { Pagination } from '../../../shared/ui/Pagination.tsx';

const PAGE_SIZE = 10;

type RolesQuery = Parameters<typeof RolesCell>[0]['query'];

function columns(t: TFunction, rolesOf: (orgId: string) => RolesQuery): TableProps.ColumnDefinition<OrgInfo>[] {
  return [
    {
      id: 'organization',
      header: t('rolesPage.organization'),
      cell: (row) => <RouterLink href={paths.org(row.orgId).dashboard}>{row.orgName}</RouterLink>,
      isRowHeader: true,
    },
    { id: 'roles', header: t('rolesPage.roles'), cell: (row) => <RolesCell query={rolesOf(row.orgId)} scope="org" /> },
    { id: 'permissions', header: t('rolesPage.permissions'), cell: (row) => <PermissionsCell query={rolesOf(row.orgId)} /> },
    { id: 'owner', header: t('projectsTable.owner'), cell: (row) => row.owner.name },
  ];
}

/** The table of the caller's roles in each organization (issue 16: the tab's part on demand, below the page's header and tabs). */
export function OrgRolesTable() {
  const { t } = useTranslation();
  const infos = useQuery(organizationInfosQuery());
  const [page, setPage] = useState(1);
  const all = infos.data?.orgInfos ?? [];
  const pagesCount = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  const rows = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const roles = useQueries({ queries: rows.map((row) => orgSelfRolesQuery(row.orgId)) });
  const byOrg = new Map(rows.map((row, index) => [row.orgId, roles[index]]));
  const rolesOf = (orgId: string) => byOrg.get(orgId);

  const tableColumns = columns(t, rolesOf);
  // Columns and wrapping only: every row asks for its roles, so the page size stays fixed.
  const prefs = useTablePreferences({ tableId: 'roles-organizations', columns: tableColumns, alwaysVisible: ['organization'] });

  if (infos.isError) return <ErrorState error={infos.error} onRetry={() => void infos.refetch()} />;
  return (
    <Table<OrgInfo>
      data-testid="roles-org-table"
      variant="embedded"
      loading={infos.isPending}
      loadingText={t('common.loading')}
      items={rows}
      trackBy="orgId"
      empty={<Box color="text-status-inactive">{t('rolesPage.noOrganizations')}</Box>}
      columnDefinitions={tableColumns}
      {...prefs.tableProps}
      pagination={<Pagination currentPageIndex={page} pagesCount={pagesCount} onChange={({ detail }) => setPage(detail.currentPageIndex)} />}
    />
  );
}
