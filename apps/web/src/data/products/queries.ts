import {
  getProductUiHierarchy,
  getProjectProduct,
  getProjectServiceHierarchy,
  listProductRecommendations,
  listProducts,
  listProjectAuthentications,
} from '@console/contracts/products';
import { queryOptions } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';
import { PROJECT_UNAVAILABLE_CODES } from '../projects/queries.ts';
import { productKeys } from './keys.ts';

/** The catalogue (only STABLE products). */
export const productsQuery = (lang: string) =>
  queryOptions({
    queryKey: productKeys.catalogue(lang),
    queryFn: (context) => callApi(listProducts, { query: {}, ...fromQuery(context) }),
    select: (data) => data.products,
    staleTime: 60_000,
  });

/** The project menu of the catalogue for a region (spec §9: cached 60 s). */
export const productHierarchyQuery = (lang: string, regionCode: string | undefined) =>
  queryOptions({
    queryKey: productKeys.hierarchy(lang, regionCode),
    queryFn: (context) =>
      callApi(getProductUiHierarchy, { query: { productUiType: 'PROJECT', ...(regionCode ? { regionCode } : {}) }, ...fromQuery(context) }),
    select: (data) => data.productUis,
    staleTime: 60_000,
  });

/** The services in use of a project in its left-menu order. */
export const servicesInUseQuery = (projectId: string) =>
  queryOptions({
    queryKey: productKeys.inUse(projectId),
    queryFn: (context) =>
      callApi(getProjectServiceHierarchy, {
        params: { projectId },
        query: { productUiType: 'PROJECT' },
        projectId,
        // The left menu asks too: a project the caller cannot see is said by the project's page, not by a redirect from here.
        keepErrorCodes: PROJECT_UNAVAILABLE_CODES,
        ...fromQuery(context),
      }),
    select: (data) => data.productUis,
  });

/** A service in use with its URL, Appkey and (when permitted) SecretKey. */
export const projectProductQuery = (projectId: string, productId: string) =>
  queryOptions({
    queryKey: productKeys.product(projectId, productId),
    queryFn: (context) => callApi(getProjectProduct, { params: { projectId, productId }, projectId, ...fromQuery(context) }),
  });

export const recommendationsQuery = (lang: string) =>
  queryOptions({
    queryKey: productKeys.recommendations(lang),
    queryFn: (context) => callApi(listProductRecommendations, { query: {}, ...fromQuery(context) }),
    select: (data) => data.recommendations,
    staleTime: 60_000,
  });

export const authenticationsQuery = (projectId: string) =>
  queryOptions({
    queryKey: productKeys.authentications(projectId),
    queryFn: (context) => callApi(listProjectAuthentications, { params: { projectId }, projectId, ...fromQuery(context) }),
    select: (data) => data.authenticationList,
  });
