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
/** Where a product lives when the configuration says nothing (apps/products/email on the console's PORT + 1 by default). */
export const DEFAULT_PRODUCT_URLS: Readonly<Record<string, string>> = { email: 'http://127.0.0.1:8081', 'email-insights': 'http://127.0.0.1:8081' };

/**
 * The organization service the Email process also serves: Email Insights, an overview of the mail
 * the organization's projects sent (from the product's own data), opened at /org/{orgId}/email-insights
 * through the proxy's organization mode (docs/products.md §2). Its SaaS members may see it.
 */
export const EMAIL_INSIGHTS_NAMES = { ko: '이메일 인사이트', en: 'Email Insights', ja: 'メールインサイト', zh: '邮件洞察' } as const;

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
    // Told of enable and disable (POST /hooks/console: it keeps the SecretKey it is given at enable,
    // forgets the Appkey at disable); a regenerated SecretKey is NOT told (NONE): an admin pastes it.
    appKeyReissueHookStatusCode: 'NONE',
    hookUrl: '/hooks/console',
    // Where the console reaches the product; the seed writes EMAIL_PRODUCT_URL over it (seedCatalogue's productUrls).
    productUrl: DEFAULT_PRODUCT_URLS.email,
  },
  {
    productId: 'email-insights',
    productName: 'Email Insights',
    names: EMAIL_INSIGHTS_NAMES,
    statusCode: 'STABLE',
    secretKeyCode: 'T',
    enableType: 'DEPENDENT_ORG',
    enableRestrictionCode: 'NO_RESTRICTION',
    productCategoryCode: 'ORG',
    permissionName: 'EmailInsights',
    // Told of enable (the same outbox and hook URL as Email; the product acknowledges it: the overview needs no key).
    appKeyReissueHookStatusCode: 'NONE',
    hookUrl: '/hooks/console',
    // The same process as Email (EMAIL_PRODUCT_URL); its page is linkUrl /org of the menu entry.
    productUrl: DEFAULT_PRODUCT_URLS['email-insights'],
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
    // Shown in the console's iframe through the console's own origin (/product-proxy/email/…).
    linkTargetCode: 'IFRAME',
    iframeTypeCode: 'PROXY',
    linkUrl: '/',
    publicApiUrl: '/email/v2.0',
  },
  {
    productUiId: 'email-insights',
    productId: 'email-insights',
    names: EMAIL_INSIGHTS_NAMES,
    productUiType: 'ORG',
    categoryName: 'notification',
    pathName: 'email-insights',
    regionCodeList: ALL_REGIONS,
    orderIdx: 20,
    // The organization's page frames it through the proxy's organization mode (/product-proxy/email-insights/org?orgId=…).
    linkTargetCode: 'IFRAME',
    iframeTypeCode: 'PROXY',
    linkUrl: '/org',
  },
  // The product page's tabs (sub-menus): /project/{projectId}/notification/email#send, …
  ...(
    [
      ['send', { ko: '메일 발송', en: 'Send mail', ja: 'メール送信', zh: '发送邮件' }],
      ['history', { ko: '발송 내역', en: 'Sent mail', ja: '送信履歴', zh: '发送记录' }],
      ['settings', { ko: '설정', en: 'Settings', ja: '設定', zh: '设置' }],
    ] as const
  ).map(
    ([tab, names], index): ProductUiRow => ({
      productUiId: `email-${tab}`,
      productId: 'email',
      parentProductUiId: 'email',
      names,
      productUiType: 'PROJECT',
      categoryName: 'notification',
      pathName: 'email',
      tabName: tab,
      linkTargetCode: 'IFRAME',
      iframeTypeCode: 'PROXY',
      linkUrl: `/${tab}`,
      widgetType: 'SUB_MENU',
      regionCodeList: ALL_REGIONS,
      orderIdx: index + 1,
    }),
  ),
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

/** `productUrls`: where each product is reached in this installation (config), over the rows' defaults. */
export async function seedCatalogue(db: Executor, options: { productUrls?: Readonly<Record<string, string>> } = {}) {
  for (const catalogueRow of CATALOGUE_PRODUCTS) {
    const row = { ...catalogueRow, productUrl: options.productUrls?.[catalogueRow.productId] ?? catalogueRow.productUrl };
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
