import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import type { Project } from '@console/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { orgProjectsPageQuery } from '../../../data/organizations/queries.ts';
import { ImportEntryButton } from '../../../widgets/imports/ImportEntryButton.tsx';
import { TableHeader } from '../../../shared/ui/TableHeader.tsx';
import { useProjectTable } from '../../../shared/ui/use-project-table.tsx';

/** Rows per page of an organization's project table. */
export const ORG_PROJECTS_PAGE_SIZE = 10;
const COLUMNS = ['name', 'status', 'description', 'owner', 'createdAt'] as const;

/**
 * An organization's projects, one server page at a time, in the order the user picks
 * (GET v5 projects?orgId&page&limit&sort); changing the order goes back to the first page.
 */
export function OrgProjectsTable({
  orgId,
  orgProjectCount,
  actions,
}: {
  orgId: string;
  /** Every project of the organization (GET v6 infos), to tell a MEMBER about those they are not in. */
  orgProjectCount?: number | undefined;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const table = useProjectTable({ tableId: 'org-projects', columnIds: COLUMNS, defaultPageSize: ORG_PROJECTS_PAGE_SIZE });
  const projects = useQuery(orgProjectsPageQuery(orgId, table.page, table.limit, table.sort));
  const totalCount = projects.data?.paging.totalCount ?? 0;
  const notMemberOf = projects.data && orgProjectCount !== undefined ? Math.max(0, orgProjectCount - totalCount) : 0;

  if (projects.isError) return <ErrorState error={projects.error} onRetry={() => void projects.refetch()} />;
  return (
    <Table<Project>
      data-testid="org-projects"
      header={
        <TableHeader
          count={projects.data ? totalCount : undefined}
          description={
            totalCount > 0 && notMemberOf > 0 ? (
              <span data-testid="org-projects-not-member">{t('org.dashboard.hiddenProjects', { count: notMemberOf })}</span>
            ) : undefined
          }
          actions={
            <>
              <ImportEntryButton type="PROJECT" scopeId={orgId} />
              {actions}
            </>
          }
        >
          {t('org.dashboard.projects')}
        </TableHeader>
      }
      {...table.tableProps(projects)}
      empty={
        <Box color="text-status-inactive" data-testid="org-projects-empty">
          {notMemberOf > 0 ? t('org.dashboard.noVisibleProjects', { count: notMemberOf }) : t('org.dashboard.noProjects')}
        </Box>
      }
    />
  );
}
