import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import type { Project } from '@console/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerPages } from '../../../shared/ui/use-server-pages.tsx';
import { useTablePreferences } from '../../../shared/ui/use-table-preferences.tsx';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { useProjectSorting } from '../../../shared/hooks/use-project-sorting.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { projectColumns } from '../../../shared/ui/ProjectColumns.tsx';
import { organizationInfosQuery } from '../../../data/organizations/queries.ts';
import { myProjectsQuery } from '../../../data/projects/queries.ts';
import { TableHeader } from '../../../shared/ui/TableHeader.tsx';

export const MY_PROJECTS_PAGE_SIZE = 10;

/**
 * The caller's projects across organizations (GET v6 projects): paged and sorted by the server
 * (`page`, `limit`, `sort=name,asc` …); changing the order goes back to the first page.
 */
export function MyProjectsTable() {
  const { t } = useTranslation();
  const format = useFormatters();
  const columns = useMemo(
    () => projectColumns(t, format, ['name', 'organization', 'status', 'createdAt'], { sortable: true }),
    [t, format],
  );
  const prefs = useTablePreferences({ tableId: 'my-projects', columns, alwaysVisible: ['name'], defaultPageSize: MY_PROJECTS_PAGE_SIZE });
  const { requestedPage, setPage, pagination } = useServerPages(prefs.pageSize);
  const sorting = useProjectSorting(columns, () => setPage(1));
  const projects = useQuery(myProjectsQuery(requestedPage, prefs.pageSize, sorting.sort));
  const totalCount = projects.data?.paging.totalCount ?? 0;
  // Projects of the caller's organizations, all of them (a MEMBER sees only their own in the list).
  const infos = useQuery(organizationInfosQuery());
  const orgProjectCount = infos.data?.orgInfos.reduce((sum, info) => sum + info.projectCount, 0) ?? 0;

  if (projects.isError) return <ErrorState error={projects.error} onRetry={() => void projects.refetch()} />;
  return (
    <Table<Project>
      data-testid="home-my-projects"
      header={
        <TableHeader
          count={projects.data ? totalCount : undefined}
          description={t('home.myProjects.description')}
        >
          {t('home.myProjects.title')}
        </TableHeader>
      }
      loading={projects.isPending}
      loadingText={t('common.loading')}
      items={projects.data?.projects ?? []}
      trackBy="projectId"
      variant="container"
      columnDefinitions={columns}
      {...prefs.tableProps}
      {...sorting.tableProps}
      empty={
        <Box color="text-status-inactive" data-testid="home-my-projects-empty">
          {orgProjectCount > 0
            ? t('home.myProjects.emptyNotMember', { count: orgProjectCount })
            : t('home.myProjects.empty')}
        </Box>
      }
      pagination={pagination(projects, totalCount)}
    />
  );
}
