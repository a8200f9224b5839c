import CloudscapePagination, { type PaginationProps } from '@cloudscape-design/components/pagination';
import { useTranslation } from '../i18n/use-translation.ts';

/**
 * Cloudscape's Pagination with the console's page-button names: each says its page number as a
 * word of its own ("전체 페이지 중 2 페이지"), so the name contains the number the button shows
 * (WCAG 2.5.3; Cloudscape's Korean label, "2페이지", does not). Its other labels stay Cloudscape's.
 */
export function Pagination(props: PaginationProps) {
  const { t } = useTranslation();
  return (
    <CloudscapePagination
      {...props}
      ariaLabels={{ ...props.ariaLabels, pageLabel: (pageNumber) => t('common.pageLabel', { pageNumber }) }}
    />
  );
}
