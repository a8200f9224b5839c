import type { OrgRegion } from '@console/contracts/organizations';
import type { ProductUi } from '@console/contracts/products';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useMatch, useNavigate } from 'react-router';
import { orgRegionsQuery } from '../../data/organizations/queries.ts';
import { productHierarchyQuery } from '../../data/products/queries.ts';
import { updateRequestContext } from '../../shared/api/request-context.ts';
import { useConsoleConfig } from '../../shared/config/console-config.ts';
import { useLocalStorage } from '../../shared/hooks/use-local-storage.ts';
import { STORAGE_KEYS } from '../../shared/lib/storage.ts';
import { paths } from '../../shared/paths.ts';
import { chooseRegion, selectableRegions } from '../../shared/regions/region-choice.ts';
import { modals } from '../../shared/ui/modals.ts';

export interface RegionSelection {
  readonly regions: readonly OrgRegion[];
  readonly selected: OrgRegion | undefined;
  readonly select: (regionCode: string) => void;
}

/** The product page a path is on (/project/{projectId}/{categoryName}/{productName}), from the catalogue. */
export function productOfPage(catalogue: readonly ProductUi[] | undefined, categoryName: string, productName: string): ProductUi | undefined {
  return catalogue?.find((ui) => ui.categoryName === categoryName && ui.pathName === productName && !ui.parentProductUiId);
}

/** Spec §2: changing to a region that does not offer the product of the page asks first. */
export const regionChangeNeedsConfirm = (product: ProductUi | undefined, regionCode: string) => product !== undefined && !product.regionCodeList.includes(regionCode);

/**
 * The region of the current organization: the last choice (localStorage) when the organization
 * offers it, else its first region. Keeps the API client's region header in step. On a product
 * page, choosing a region that does not offer the product asks first (spec §2): confirmed, the
 * region changes and the project's dashboard opens; cancelled, nothing changes.
 */
export function useRegionSelection(orgId: string | undefined): RegionSelection {
  const config = useConsoleConfig();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const productRoute = useMatch('/project/:projectId/:categoryName/:productName');
  const [lastChoice, setLastChoice] = useLocalStorage(STORAGE_KEYS.region);
  const { data } = useQuery({ ...orgRegionsQuery(orgId ?? ''), enabled: orgId !== undefined });
  const regions = useMemo(() => (orgId && data ? selectableRegions(data) : []), [orgId, data]);
  const selected = orgId && data ? chooseRegion(data, lastChoice) : undefined;
  const regionCode = selected?.regionCode ?? lastChoice ?? config.defaultRegion;

  useEffect(() => {
    updateRequestContext({ regionCode });
  }, [regionCode]);

  const select = useCallback(
    (target: string) => {
      const { projectId, categoryName, productName } = productRoute?.params ?? {};
      const product =
        projectId && categoryName && productName
          ? productOfPage(queryClient.getQueryData(productHierarchyQuery(i18n.language, undefined).queryKey)?.productUis, categoryName, productName)
          : undefined;
      if (!projectId || !regionChangeNeedsConfirm(product, target)) {
        setLastChoice(target);
        return;
      }
      void modals
        .confirm({
          key: 'region-change-unsupported',
          header: t('services.regionUnsupportedTitle'),
          content: t('services.regionUnsupported', { name: product!.productUiName, region: target }),
          confirmText: t('services.changeRegion'),
        })
        .then((confirmed) => {
          if (!confirmed) return;
          setLastChoice(target);
          void navigate(paths.project(projectId).dashboard);
        });
    },
    [productRoute, queryClient, i18n.language, setLastChoice, t, navigate],
  );

  return { regions, selected, select };
}
