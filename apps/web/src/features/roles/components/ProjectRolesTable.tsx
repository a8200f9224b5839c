import Box from '@cloudscape-design/components/box';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { Project } from '@console/contracts/organizations';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useServerPages } from '../../../shared/ui/use-server-pages.tsx';
import { projectSelfRolesQuery } from '../../../shared/permissions/queries.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { RouterLink } from '../../../shared/ui/RouterLink.tsx';
import { myProjectsQuery } from '../../../data/projects/queries.ts';
import { PermissionsCell, RolesCell } from './RoleCells.tsx';
import { SelfRoleGroupsCell } from './SelfRoleGroupsCell.tsx';
import { useTablePreferences } from '../../../shared/ui/use-table-preferences.tsx';
import { paths } from '../../../shared/paths.ts';

const PAGE_SIZE = 10;

type RolesQuery = Parameters<typeof RolesCell>[0]['query'];

function columns(t: TFunction, rolesOf: (projectId: string) => RolesQuery): TableProps.ColumnDefinition<Project>[] {
  return [
    {
      id: 'project',
      header: t('rolesPage.project'),
      cell: (row) => <RouterLink href={paths.project(row.projectId).dashboard}>{row.projectName}</RouterLink>,
      isRowHeader: true,
    },
    {
      id: 'organization',
      header: t('rolesPage.organization'),
      cell: (row) => <RouterLink href={paths.org(row.projectOrgId).dashboard}>{row.orgName ?? row.projectOrgId}</RouterLink>,
    },
    { id: 'roles', header: t('rolesPage.roles'), cell: (row) => <RolesCell query={rolesOf(row.projectId)} scope="project" /> },
    { id: 'role-groups', header: t('roleGroups.self.title'), cell: (row) => <SelfRoleGroupsCell query={rolesOf(row.projectId)} /> },
    { id: 'permissions', header: t('rolesPage.permissions'), cell: (row) => <PermissionsCell query={rolesOf(row.projectId)} /> },
  ];
}

/** The table of the caller's roles in each project (issue 16: the tab's part on demand, below the page's header and tabs). */
export function ProjectRolesTable() {
  const { t } = useTranslation();
  const { requestedPage, pagination } = useServerPages(PAGE_SIZE);
  const projects = useQuery(myProjectsQuery(requestedPage, PAGE_SIZE, 'name,asc'));
  const rows = projects.data?.projects ?? [];
  const roles = useQueries({ queries: rows.map((row) => projectSelfRolesQuery(row.projectId)) });
  const byProject = new Map(
    rows.map((row, index) => [row.projectId, roles[index]]),
  );
  const rolesOf = (projectId: string) => byProject.get(projectId);

  const tableColumns = columns(t, rolesOf);
  // Columns and wrapping only: every row asks for its roles, so the page size stays fixed.
  const prefs = useTablePreferences({ tableId: 'roles-projects', columns: tableColumns, alwaysVisible: ['project'] });

  if (projects.isError) return <ErrorState error={projects.error} onRetry={() => void projects.refetch()} />;
  return (
    <Table<Project>
      data-testid="roles-project-table"
      variant="embedded"
      loading={projects.isPending}
      loadingText={t('common.loading')}
      items={rows}
      trackBy="projectId"
      empty={<Box color="text-status-inactive">{t('rolesPage.noProjects')}</Box>}
      columnDefinitions={tableColumns}
      {...prefs.tableProps}
      pagination={pagination(projects, projects.data?.paging.totalCount ?? 0)}
    />
  );
}
