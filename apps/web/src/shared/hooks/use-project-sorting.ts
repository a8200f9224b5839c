import type { TableProps } from '@cloudscape-design/components/table';
import type { Project, ProjectSort } from '@console/contracts/organizations';
import { useState } from 'react';

interface Sorting {
  readonly field: 'name' | 'regDateTime';
  readonly descending: boolean;
}

/**
 * Server-side sorting of a project table: the Cloudscape sorting state and the `sort` parameter
 * of the project list calls (`name,asc`, `regDateTime,desc` …). `onChange` runs when the order
 * changes (tables go back to their first page).
 */
export function useProjectSorting(columns: readonly TableProps.ColumnDefinition<Project>[], onChange: () => void) {
  const [sorting, setSorting] = useState<Sorting>({ field: 'regDateTime', descending: false });
  const sort: ProjectSort = `${sorting.field},${sorting.descending ? 'desc' : 'asc'}`;
  const onSortingChange: TableProps<Project>['onSortingChange'] = ({ detail }) => {
    const field = detail.sortingColumn.sortingField;
    if (field !== 'name' && field !== 'regDateTime') return;
    setSorting({ field, descending: detail.isDescending ?? false });
    onChange();
  };
  return {
    sort,
    tableProps: {
      sortingColumn: columns.find((column) => column.sortingField === sorting.field),
      sortingDescending: sorting.descending,
      onSortingChange,
    },
  };
}
