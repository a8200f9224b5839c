import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { productRecommendations, productUis, products } from '../schema/index.ts';

type ProductRow = typeof products.$inferInsert;
type ProductUiRow = typeof productUis.$inferInsert;
type RecommendationRow = typeof productRecommendations.$inferInsert;

/**
 * The product catalogue (spec §3 Product, Product menu entry, ProductRecommendation): data, kept in
 * step with this file at every start, never hard-coded in components. It lists only products that
 * exist: the sample product Notification > Email (apps/products/email) is the first.
 */
export const CATALOGUE_PRODUCTS: readonly ProductRow[] = [
  {
    productId: 'email',
    productName: 'Email',
    names: { ko: 'Email', en: 'Email', ja: 'Email', zh: 'Email' },
    statusCode: 'STABLE',
    secretKeyCode: 'T',
    enableType: 'DEPENDENT_PROJECT',
    enableRestrictionCode: 'NO_RESTRICTION',
    productCategoryCode: 'PROJECT',
    permissionName: 'Email',
    appKeyReissueHookStatusCode: 'NONE',
  },
];

const ALL_REGIONS = ['KR1', 'KR2', 'JP1', 'US1'];

export const CATALOGUE_PRODUCT_UIS: readonly ProductUiRow[] = [
  {
    productUiId: 'email',
    productId: 'email',
    names: { ko: 'Email', en: 'Email', ja: 'Email', zh: 'Email' },
    productUiType: 'PROJECT',
    categoryName: 'notification',
    pathName: 'email',
    regionCodeList: ALL_REGIONS,
    orderIdx: 10,
    manualLink: '/docs/products/email/{lang}/index.html',
  },
];

export const CATALOGUE_RECOMMENDATIONS: readonly RecommendationRow[] = [
  {
    recommendationId: 'email-panel',
    recommendationCategories: ['PUBLIC_PANEL', 'IAM_PANEL', 'GOV_BANNER', 'PUBLIC_BANNER'],
    recommendationSortOrder: 1,
    productId: 'email',
    productUiId: 'email',
    imageUrlMap: {},
  },
];

/** Every column of the rows but their keys: what a start writes over an operator's edit. */
const excludedAll = (columns: readonly string[]) =>
  Object.fromEntries(columns.map((column) => [column, sql.raw(`excluded.${column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`)]));

export async function seedCatalogue(db: Executor) {
  for (const row of CATALOGUE_PRODUCTS) {
    await db
      .insert(products)
      .values(row)
      .onConflictDoUpdate({ target: products.productId, set: { ...excludedAll(Object.keys(row).filter((k) => k !== 'productId')), updatedAt: sql`now()` } });
  }
  for (const row of CATALOGUE_PRODUCT_UIS) {
    await db
      .insert(productUis)
      .values(row)
      .onConflictDoUpdate({ target: productUis.productUiId, set: excludedAll(Object.keys(row).filter((k) => k !== 'productUiId')) });
  }
  for (const row of CATALOGUE_RECOMMENDATIONS) {
    await db
      .insert(productRecommendations)
      .values(row)
      .onConflictDoUpdate({
        target: productRecommendations.recommendationId,
        set: excludedAll(Object.keys(row).filter((k) => k !== 'recommendationId')),
      });
  }
}
