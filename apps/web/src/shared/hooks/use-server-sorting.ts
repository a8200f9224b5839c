import type { TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';

/** A list call's `sort` parameter: `field,asc` or `field,desc`. */
export type SortParam<F extends string> = `${F},${'asc' | 'desc'}`;

/**
 * Server-side sorting of a table: the Cloudscape sorting state of the columns whose
 * `sortingField` is one of `fields`, and the `sort` parameter of the list call (`name,asc`,
 * `regDateTime,desc` …). `onChange` runs when the order changes (tables go back to page 1).
 */
export function useServerSorting<T, F extends string>(
  columns: readonly TableProps.ColumnDefinition<T>[],
  fields: readonly F[],
  initial: { field: F; descending?: boolean },
  onChange: () => void,
) {
  const [sorting, setSorting] = useState({ field: initial.field, descending: initial.descending ?? false });
  const sort = `${sorting.field},${sorting.descending ? 'desc' : 'asc'}` as SortParam<F>;
  const onSortingChange: TableProps<T>['onSortingChange'] = ({ detail }) => {
    const field = fields.find((candidate) => candidate === detail.sortingColumn.sortingField);
    if (!field) return;
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
