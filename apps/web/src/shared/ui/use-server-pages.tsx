import Box from '@cloudscape-design/components/box';
import { useState, type ReactElement } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { Pagination } from './Pagination.tsx';

interface PagedQuery {
  readonly data?: unknown;
  readonly isFetching: boolean;
  readonly isPlaceholderData: boolean;
}

/**
 * Page state of a table paged by the server. Ask the server for `requestedPage`; once the answer
 * says how many rows there are, `pagination()` settles on the page actually shown (after a
 * deletion the last page may be gone: the new last one) and renders Cloudscape's Pagination.
 */
export function useServerPages(pageSize: number) {
  const { t } = useTranslation();
  const [requestedPage, setPage] = useState(1);
  // A new page size (the table's preferences) starts again from the first page.
  const [pagedBy, setPagedBy] = useState(pageSize);
  if (pagedBy !== pageSize) {
    setPagedBy(pageSize);
    setPage(1);
  }
  const pages = {
    requestedPage,
    setPage,
    /**
     * `capped`: the server's count stopped short (a feed's `totalCountCapped`), so more rows match
     * than `totalCount` says. The pages then go on past the counted ones (Cloudscape's open end)
     * for as long as the page shown is full (`rowsOnPage`); the first page that is not is the last.
     */
    pagination(query: PagedQuery, totalCount: number, capped?: { readonly rowsOnPage: number }): ReactElement {
      const counted = Math.max(1, Math.ceil(totalCount / pageSize));
      const pagesCount = capped ? Math.max(counted, requestedPage) : counted;
      const page = query.data && requestedPage > pagesCount ? pagesCount : requestedPage;
      if (page !== requestedPage) setPage(page);
      return (
        <Pagination
          currentPageIndex={page}
          pagesCount={pagesCount}
          openEnd={capped !== undefined && capped.rowsOnPage >= pageSize}
          disabled={query.isFetching && query.isPlaceholderData}
          onChange={({ detail }) => setPage(detail.currentPageIndex)}
        />
      );
    },
    /**
     * The props every server-paged table shares: the loading state, the rows of this page, the
     * container variant, the empty note and the pager. Spread them into Cloudscape's Table.
     */
    tableProps<T>(query: PagedQuery & { readonly isPending: boolean }, rows: readonly T[] | undefined, totalCount: number, emptyText: string) {
      return {
        loading: query.isPending,
        loadingText: t('common.loading'),
        items: rows ?? [],
        variant: 'container' as const,
        empty: <Box color="text-status-inactive">{emptyText}</Box>,
        pagination: pages.pagination(query, totalCount),
      };
    },
  };
  return pages;
}
