import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

/** Sets the browser tab's title to "<page> | <product>" while the page is shown. */
export function useDocumentTitle(page: string | undefined): void {
  const { t } = useTranslation();
  const product = t('common.productName');
  useEffect(() => {
    document.title = page ? t('common.documentTitle', { page, product }) : product;
  }, [page, product, t]);
}
