import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import type { Project } from '@console/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { organizationInfosQuery } from '../../../data/organizations/queries.ts';
import { myProjectsQuery } from '../../../data/projects/queries.ts';
import { TableHeader } from '../../../shared/ui/TableHeader.tsx';
import { useProjectTable } from '../../../shared/ui/use-project-table.tsx';

export const MY_PROJECTS_PAGE_SIZE = 10;
const COLUMNS = ['name', 'organization', 'status', 'createdAt'] as const;

/**
 * The caller's projects across organizations (GET v6 projects): paged and sorted by the server
 * (`page`, `limit`, `sort=name,asc` …); changing the order goes back to the first page.
 */
export function MyProjectsTable() {
  const { t } = useTranslation();
  const table = useProjectTable({ tableId: 'my-projects', columnIds: COLUMNS, defaultPageSize: MY_PROJECTS_PAGE_SIZE });
  const projects = useQuery(myProjectsQuery(table.page, table.limit, table.sort));
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
      {...table.tableProps(projects)}
      empty={
        <Box color="text-status-inactive" data-testid="home-my-projects-empty">
          {orgProjectCount > 0
            ? t('home.myProjects.emptyNotMember', { count: orgProjectCount })
            : t('home.myProjects.empty')}
        </Box>
      }
    />
  );
}
