/**
 * The constants of product-schemas.ts without its schemas (product-schemas.ts re-exports them): zod-free, so a web page
 * can use them without loading zod (issue 16).
 */
/**
 * Services (issue 9): the product entities (spec §3 Product, Product menu entry, ProductUiInUse,
 * ProductInUse, ProductRecommendation) and their codes.
 */

export const PRODUCT_STATUS_CODES = ['BETA', 'BLOCKED', 'CLOSED', 'INTERNAL_BETA', 'NOT_EXIST', 'PAUSE', 'STABLE'] as const;
export const ENABLE_RESTRICTION_CODES = ['BLOCK_UNPAID_MEMBER', 'NO_RESTRICTION', 'ONLY_COOPERATION', 'PROJECT_MEMBER_ROLE', 'ORG_MEMBER_ROLE'] as const;
export type EnableRestrictionCode = (typeof ENABLE_RESTRICTION_CODES)[number];
export const PRODUCT_UI_TYPES = ['ORG', 'PROJECT', 'MARKET_PLACE', 'PROJECT_DASHBOARD'] as const;
export const WIDGET_TYPES = ['BUTTON', 'LABEL', 'SUB_MENU', 'SUB_MENU_LABEL', 'SUB_MENU_WITH_APPKEY'] as const;
export const PRODUCT_BADGES = ['new', 'alpha', 'beta'] as const;
export const RECOMMENDATION_CATEGORIES = ['GOV_BANNER', 'PUBLIC_BANNER', 'IAM_BANNER', 'PUBLIC_PANEL', 'IAM_PANEL'] as const;
export const APP_KEY_STATUSES = ['STABLE', 'STOP', 'BLOCKED'] as const;
/** Spec §9: at most 3 project Appkeys. */
export const PROJECT_APP_KEY_LIMIT = 3;
/** Spec §9: the icon call gives up after 2 s and answers an empty list. */
export const ICON_TIMEOUT_MS = 2000;
/** Spec §9: the recommendation panel shows at most 4. */
export const RECOMMENDATION_LIMIT = 4;
