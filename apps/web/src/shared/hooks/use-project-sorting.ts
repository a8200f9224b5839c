import type { TableProps } from '@cloudscape-design/components/table';
import type { Project, ProjectSort } from '@console/contracts/organizations';
import { useServerSorting } from './use-server-sorting.ts';

const PROJECT_SORT_FIELDS = ['name', 'regDateTime'] as const;

/** Server-side sorting of a project table (the project list calls' `sort`), oldest first by default. */
export function useProjectSorting(columns: readonly TableProps.ColumnDefinition<Project>[], onChange: () => void) {
  const sorting = useServerSorting(columns, PROJECT_SORT_FIELDS, { field: 'regDateTime' }, onChange);
  return { ...sorting, sort: sorting.sort satisfies ProjectSort };
}
