import type { Product } from '@console/contracts/products';
import {
  getOrgEnablePermission,
  getProductUiHierarchy,
  getProjectServiceHierarchy,
  listProductRecommendations,
  listProducts,
} from '@console/contracts/refs/products';
import { getOrgProduct, getProjectProduct, listProjectAuthentications } from '@console/contracts/refs/product-keys';
import { listSaasMembers } from '@console/contracts/refs/product-enablement';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
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

/** The organization services' menu entries (productUiType ORG): where each one's page is framed. */
export const orgProductUisQuery = (lang: string) =>
  queryOptions({
    queryKey: productKeys.orgHierarchy(lang),
    queryFn: (context) => callApi(getProductUiHierarchy, { query: { productUiType: 'ORG' }, ...fromQuery(context) }),
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

/** An organization service of the catalogue, with whether it is enabled in the organization and whether the caller may enable it. */
export interface OrgService {
  readonly product: Product;
  readonly enabled: boolean;
  readonly hasEnablePermission: boolean;
}

/**
 * The organization services of the catalogue (productCategoryCode ORG, STABLE only) with their
 * state in the organization `orgId` (has-enable-permission/organizations answers it per product).
 */
export const orgServicesQuery = (orgId: string, lang: string) =>
  queryOptions({
    queryKey: productKeys.orgServices(orgId, lang),
    queryFn: async (context): Promise<OrgService[]> => {
      const { products } = await callApi(listProducts, { query: {}, ...fromQuery(context) });
      const orgProducts = products.filter((product) => product.productCategoryCode === 'ORG');
      return Promise.all(
        orgProducts.map(async (product) => {
          const { organizations } = await callApi(getOrgEnablePermission, { params: { productId: product.productId }, query: {}, ...fromQuery(context) });
          const here = organizations.find((org) => org.orgId === orgId);
          return { product, enabled: here?.enabled ?? false, hasEnablePermission: here?.hasEnablePermission ?? false };
        }),
      );
    },
  });

/** An organization service in use with its URL, Appkey and SecretKey. */
export const orgProductQuery = (orgId: string, productId: string) =>
  queryOptions({
    queryKey: productKeys.orgProduct(orgId, productId),
    queryFn: (context) => callApi(getOrgProduct, { params: { orgId, productId }, ...fromQuery(context) }),
  });

/** One page of a SaaS product's members, paged by the server. */
export const saasMembersQuery = (orgId: string, productId: string, page: number, limit: number) =>
  queryOptions({
    queryKey: productKeys.saasMembersPage(orgId, productId, page, limit),
    queryFn: (context) => callApi(listSaasMembers, { params: { orgId }, query: { productId, page, limit }, ...fromQuery(context) }),
    placeholderData: keepPreviousData,
  });
