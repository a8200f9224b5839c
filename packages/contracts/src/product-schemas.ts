import { z } from 'zod';
import { PRODUCT_STATUS_CODES, ENABLE_RESTRICTION_CODES, PRODUCT_UI_TYPES, WIDGET_TYPES, RECOMMENDATION_CATEGORIES, APP_KEY_STATUSES } from './product-constants.ts';

export * from './product-constants.ts';

export const ProductSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  /** Our addition: the product's name in the caller's language (the catalogue's names; `productName` is its fixed name). */
  productDisplayName: z.string(),
  statusCode: z.enum(PRODUCT_STATUS_CODES),
  appKeyReuseYn: z.enum(['Y', 'N']),
  secretKey: z.enum(['T', 'F', 'N']),
  enableType: z.enum(['DEPENDENT_ORG', 'DEPENDENT_PROJECT', 'USING_IAM']),
  enableRestrictionCode: z.enum(ENABLE_RESTRICTION_CODES),
  productCategoryCode: z.enum(['ORG', 'PROJECT', 'MARKET_PLACE']),
  enableEmailTemplateId: z.string().nullable(),
  permissionName: z.string(),
  productAppKeyReissueHookApiStatusCode: z.enum(['COMPLETE', 'NONE']),
  /** Personal members may not enable it (spec §6). */
  businessOnly: z.boolean(),
  /** Enabling needs the organization OWNER's payment method (spec §6). */
  requiresPaymentMethod: z.boolean(),
  /** Products that must be enabled in the project first (DEFAULT_SERVICE_NOT_ENABLED). */
  dependsOn: z.array(z.string()),
  regDateTime: z.string(),
  modDateTime: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductIconSchema = z.object({ cdnUrlPath: z.string(), fileName: z.string(), position: z.number(), iconType: z.string() });

export interface ProductUi {
  productUiId: string;
  productUiName: string;
  productId: string;
  parentProductUiId: string | null;
  productUiType: (typeof PRODUCT_UI_TYPES)[number];
  categoryName: string;
  pathName: string;
  tabName: string | null;
  authTypeCode: 'PERMISSION' | 'MEMBER' | 'NONE';
  enableType: 'DEPENDENT_ORG' | 'DEPENDENT_PROJECT' | 'USING_IAM';
  iamLoginReturnUrl: string | null;
  iframeTypeCode: 'NONE' | 'PROXY';
  isMaintenance: boolean;
  linkTargetCode: 'IFRAME' | 'NEW';
  linkUrl: string | null;
  widgetType: (typeof WIDGET_TYPES)[number] | null;
  marketplaceTypeCode: string | null;
  regionCodeList: string[];
  orderIdx: number;
  badges: string[];
  manualLink: string | null;
  quickGuideLink: string | null;
  productMetaInfoList: { key: string; value: string; startDate?: string | undefined; endDate?: string | undefined }[];
  denyServiceConsole: boolean;
  denyShowAppKeySecretKey: boolean;
  denyDeactivateProductUi: boolean;
  icon: z.infer<typeof ProductIconSchema> | null;
  productStatusCode: (typeof PRODUCT_STATUS_CODES)[number];
  children: ProductUi[];
}

/** A product menu entry (spec §3) with its children. */
export const ProductUiSchema: z.ZodType<ProductUi> = z.lazy(() =>
  z.object({
    productUiId: z.string(),
    productUiName: z.string(),
    productId: z.string(),
    parentProductUiId: z.string().nullable(),
    productUiType: z.enum(PRODUCT_UI_TYPES),
    categoryName: z.string(),
    pathName: z.string(),
    tabName: z.string().nullable(),
    authTypeCode: z.enum(['PERMISSION', 'MEMBER', 'NONE']),
    enableType: z.enum(['DEPENDENT_ORG', 'DEPENDENT_PROJECT', 'USING_IAM']),
    iamLoginReturnUrl: z.string().nullable(),
    iframeTypeCode: z.enum(['NONE', 'PROXY']),
    isMaintenance: z.boolean(),
    linkTargetCode: z.enum(['IFRAME', 'NEW']),
    linkUrl: z.string().nullable(),
    widgetType: z.enum(WIDGET_TYPES).nullable(),
    marketplaceTypeCode: z.string().nullable(),
    regionCodeList: z.array(z.string()),
    orderIdx: z.number(),
    badges: z.array(z.string()),
    manualLink: z.string().nullable(),
    quickGuideLink: z.string().nullable(),
    productMetaInfoList: z.array(z.object({ key: z.string(), value: z.string(), startDate: z.string().optional(), endDate: z.string().optional() })),
    denyServiceConsole: z.boolean(),
    denyShowAppKeySecretKey: z.boolean(),
    denyDeactivateProductUi: z.boolean(),
    icon: ProductIconSchema.nullable(),
    productStatusCode: z.enum(PRODUCT_STATUS_CODES),
    children: z.array(ProductUiSchema),
  }),
);

export interface ProductUiInUse {
  lnbProjectProductRelationId: string;
  productUiId: string;
  productUiName: string;
  productId: string;
  parentProductUiId: string | null;
  orderIdx: number;
  productUiType: 'PROJECT' | 'MARKET_PLACE' | 'PROJECT_DASHBOARD';
  enableType: 'DEPENDENT_ORG' | 'DEPENDENT_PROJECT' | 'USING_IAM';
  /** The console path of the product page: /project/{projectId}/{categoryName}/{pathName}. */
  categoryName: string;
  pathName: string;
  tabName: string | null;
  productUrl: string | null;
  /** Only to callers allowed to see it (Project.Product.Get and not denyShowAppKeySecretKey). */
  appKey: string | null;
  /** Never sent in the menu; the URL & Appkey modal reads it (GET projects/{id}/products/{productId}). */
  secretKey: null;
  denyShowAppKeySecretKey: boolean;
  denyDeactivateProductUi: boolean;
  widgetType: (typeof WIDGET_TYPES)[number] | null;
  regionCodeList: string[];
  badges: string[];
  isMaintenance: boolean;
  children: ProductUiInUse[];
}

/** A service in use in a project's left menu (spec §3 ProductUiInUse), with its sub-menus. */
export const ProductUiInUseSchema: z.ZodType<ProductUiInUse> = z.lazy(() =>
  z.object({
    lnbProjectProductRelationId: z.string(),
    productUiId: z.string(),
    productUiName: z.string(),
    productId: z.string(),
    parentProductUiId: z.string().nullable(),
    orderIdx: z.number(),
    productUiType: z.enum(['PROJECT', 'MARKET_PLACE', 'PROJECT_DASHBOARD']),
    enableType: z.enum(['DEPENDENT_ORG', 'DEPENDENT_PROJECT', 'USING_IAM']),
    categoryName: z.string(),
    pathName: z.string(),
    tabName: z.string().nullable(),
    productUrl: z.string().nullable(),
    appKey: z.string().nullable(),
    secretKey: z.null(),
    denyShowAppKeySecretKey: z.boolean(),
    denyDeactivateProductUi: z.boolean(),
    widgetType: z.enum(WIDGET_TYPES).nullable(),
    regionCodeList: z.array(z.string()),
    badges: z.array(z.string()),
    isMaintenance: z.boolean(),
    children: z.array(ProductUiInUseSchema),
  }),
);

/** A product in use with its keys (spec §3 ProductInUse). */
export const ProductInUseSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  productSecretKeyCode: z.enum(['T', 'F', 'N']),
  /** The product's API address (its public API URL, else its own URL). */
  productUrl: z.string().nullable(),
  appKey: z.string(),
  /** Shown only to callers who may see the keys; null otherwise. */
  secretKey: z.string().nullable(),
  statusCode: z.enum(APP_KEY_STATUSES),
  enabledDateTime: z.string(),
  secretKeyIssuedDateTime: z.string(),
});
export type ProductInUse = z.infer<typeof ProductInUseSchema>;

export const ProductRecommendationSchema = z.object({
  recommendationId: z.string(),
  recommendationCategories: z.array(z.enum(RECOMMENDATION_CATEGORIES)),
  recommendationSortOrder: z.number(),
  productId: z.string(),
  productUiId: z.string(),
  productUiName: z.string(),
  productUiType: z.enum(PRODUCT_UI_TYPES),
  categoryName: z.string(),
  pathName: z.string(),
  imageUrlMap: z.record(z.string(), z.string()),
});
