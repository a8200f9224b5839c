import type { Project } from '@console/contracts/organizations';
import { useMemo } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useProjectSorting } from '../hooks/use-project-sorting.ts';
import { useFormatters } from '../i18n/LocaleProvider.tsx';
import { projectColumns, type ProjectColumnId } from './ProjectColumns.tsx';
import { useServerPages } from './use-server-pages.tsx';
import { useTablePreferences } from './use-table-preferences.tsx';

/** What a project list call answers, as far as the table reads it. */
interface ProjectPageQuery {
  readonly data?: { readonly projects: readonly Project[]; readonly paging: { readonly totalCount: number } } | undefined;
  readonly isPending: boolean;
  readonly isFetching: boolean;
  readonly isPlaceholderData: boolean;
}

/**
 * A project table paged and sorted by the server (the home page's, an organization's): its
 * columns, the user's preferences (page size, columns shown), the page and the order to ask for
 * (`page`, `limit`, `sort`; a new order goes back to the first page), and the Table's props once
 * the answer is there. `columnIds` is a constant of the caller's module.
 */
export function useProjectTable({
  tableId,
  columnIds,
  defaultPageSize,
}: {
  tableId: string;
  columnIds: readonly ProjectColumnId[];
  defaultPageSize: number;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const columns = useMemo(() => projectColumns(t, format, columnIds, { sortable: true }), [t, format, columnIds]);
  const prefs = useTablePreferences({ tableId, columns, alwaysVisible: ['name'], defaultPageSize });
  const { requestedPage, setPage, pagination } = useServerPages(prefs.pageSize);
  const sorting = useProjectSorting(columns, () => setPage(1));
  return {
    page: requestedPage,
    limit: prefs.pageSize,
    sort: sorting.sort,
    tableProps: (projects: ProjectPageQuery) => ({
      loading: projects.isPending,
      loadingText: t('common.loading'),
      items: projects.data?.projects ?? [],
      trackBy: 'projectId' as const,
      variant: 'container' as const,
      columnDefinitions: columns,
      ...prefs.tableProps,
      ...sorting.tableProps,
      pagination: pagination(projects, projects.data?.paging.totalCount ?? 0),
    }),
  };
}
