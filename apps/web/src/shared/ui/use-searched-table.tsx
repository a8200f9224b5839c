import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import type { ReactNode } from 'react';
import { useServerSorting } from '../hooks/use-server-sorting.ts';
import { FieldSearch, type FieldSearchOption } from './FieldSearch.tsx';
import { useFieldSearch } from './use-field-search.ts';
import { useServerPages } from './use-server-pages.tsx';
import { useTablePreferences, type TablePreferencesOptions } from './use-table-preferences.tsx';

interface SearchedTableOptions<T, F extends string, S extends string> extends TablePreferencesOptions<T> {
  /** The field the search box starts on. */
  readonly searchField: F;
  /** The columns' `sortingField`s the server sorts by, and the order the table opens in. */
  readonly sortFields: readonly S[];
  readonly initialSort: { readonly field: S; readonly descending?: boolean };
}

interface ListQuery {
  readonly data?: unknown;
  readonly isPending: boolean;
  readonly isFetching: boolean;
  readonly isPlaceholderData: boolean;
}

/**
 * A table the server pages, searches by one chosen field and sorts, with the user's kept
 * preferences (the member tables): the four hooks wired together, every change of search or order
 * going back to page 1. Ask the server with `requestedPage`, `pageSize`, `sort` and `filter`; put
 * `searchBar(...)` in the Table's `filter` and spread `tableProps(...)` on the Table — it shows the loading
 * state while the rows on screen are not yet the answer to the text in the box.
 */
export function useSearchedTable<T, F extends string, S extends string>(options: SearchedTableOptions<T, F, S>) {
  const { searchField, sortFields, initialSort, ...preferenceOptions } = options;
  const prefs = useTablePreferences(preferenceOptions);
  const pages = useServerPages(prefs.pageSize);
  const search = useFieldSearch<F>(searchField, () => pages.setPage(1));
  const sorting = useServerSorting(options.columns, sortFields, initialSort, () => pages.setPage(1));
  return {
    requestedPage: pages.requestedPage,
    setPage: pages.setPage,
    pageSize: prefs.pageSize,
    sort: sorting.sort,
    filter: search.filter,
    /** The Table's `filter`: the search box over the given fields, and any filter that stands `beside` it. */
    searchBar(box: { options: FieldSearchOption<F>[]; placeholder: string; testId: string }, beside?: ReactNode) {
      return (
        <SpaceBetween direction="horizontal" size="xs">
          <FieldSearch options={box.options} {...search.searchProps} placeholder={box.placeholder} testId={box.testId} />
          {beside}
        </SpaceBetween>
      );
    },
    tableProps(query: ListQuery, rows: readonly T[] | undefined, totalCount: number, emptyText: string) {
      return {
        ...pages.tableProps(query, rows, totalCount, emptyText),
        loading: query.isPending || search.stale(query),
        columnDefinitions: options.columns,
        ...prefs.tableProps,
        ...sorting.tableProps,
      } satisfies Partial<TableProps<T>>;
    },
  };
}
