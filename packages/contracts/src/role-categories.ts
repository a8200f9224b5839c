/**
 * The role category hierarchy (spec §3 RoleCategoryHierarchy): the organization and project roots
 * and the categories beneath them, named in each console language.
 */
import { z } from 'zod';
import type { Lang } from './locales.ts';

export type Localized = Readonly<Record<Lang, string>>;

/** Spec §3 Role.categoryTypeCode. */
export const ROLE_CATEGORY_TYPE_CODES = ['PERMISSION', 'ROLE', 'ROLE_GROUP'] as const;
export type RoleCategoryTypeCode = (typeof ROLE_CATEGORY_TYPE_CODES)[number];

// ---- the category hierarchy (spec §3 RoleCategoryHierarchy) ----

/** Root category keys: organization roles and project roles. */
export const ORG_ROLE_ROOT_CATEGORY = 'ORG';
export const PROJECT_ROLE_ROOT_CATEGORY = 'PROJECT';

export const ORG_ROLE_CATEGORY_KEYS = ['ORG_MEMBER', 'ORG_BILLING', 'ORG_DASHBOARD', 'ORG_SUPPORT', 'ORG_LOG', 'ORG_STATION', 'ORG_SERVICE'] as const;
export const PROJECT_ROLE_CATEGORY_KEYS = [
  'PROJECT_MANAGEMENT',
  'PROJECT_MEMBER',
  'PROJECT_NOTIFICATION',
  'PROJECT_QUOTA',
  'PROJECT_API_SECURITY',
  'PROJECT_MARKETPLACE',
  'PROJECT_DASHBOARD',
  'PROJECT_SUPPORT',
  'PROJECT_BILLING',
  'PROJECT_LOG',
  'PROJECT_SERVICE',
] as const;
export type OrgRoleCategoryKey = (typeof ORG_ROLE_CATEGORY_KEYS)[number];
export type ProjectRoleCategoryKey = (typeof PROJECT_ROLE_CATEGORY_KEYS)[number];
export type RoleCategoryKey = typeof ORG_ROLE_ROOT_CATEGORY | typeof PROJECT_ROLE_ROOT_CATEGORY | OrgRoleCategoryKey | ProjectRoleCategoryKey;

export const ROLE_CATEGORY_NAMES: Readonly<Record<RoleCategoryKey, Localized>> = {
  ORG: { ko: '조직', en: 'Organization', ja: '組織', zh: '组织' },
  ORG_MEMBER: { ko: '멤버', en: 'Member', ja: 'メンバー', zh: '成员' },
  ORG_BILLING: { ko: '결제', en: 'Billing', ja: '請求', zh: '账单' },
  ORG_DASHBOARD: { ko: '대시보드', en: 'Dashboard', ja: 'ダッシュボード', zh: '仪表板' },
  ORG_SUPPORT: { ko: '기술 지원', en: 'Support', ja: 'テクニカルサポート', zh: '技术支持' },
  ORG_LOG: { ko: '로그', en: 'Log', ja: 'ログ', zh: '日志' },
  ORG_STATION: { ko: '스테이션', en: 'Station', ja: 'ステーション', zh: '专属基础设施' },
  ORG_SERVICE: { ko: '서비스', en: 'Services', ja: 'サービス', zh: '服务' },
  PROJECT: { ko: '프로젝트', en: 'Project', ja: 'プロジェクト', zh: '项目' },
  PROJECT_MANAGEMENT: { ko: '프로젝트 관리', en: 'Project management', ja: 'プロジェクト管理', zh: '项目管理' },
  PROJECT_MEMBER: { ko: '멤버', en: 'Member', ja: 'メンバー', zh: '成员' },
  PROJECT_NOTIFICATION: { ko: '알림', en: 'Notification', ja: '通知', zh: '通知' },
  PROJECT_QUOTA: { ko: '쿼터', en: 'Quota', ja: 'クォータ', zh: '配额' },
  PROJECT_API_SECURITY: { ko: 'API 보안', en: 'API security', ja: 'APIセキュリティ', zh: 'API 安全' },
  PROJECT_MARKETPLACE: { ko: '마켓플레이스', en: 'Marketplace', ja: 'マーケットプレイス', zh: '应用市场' },
  PROJECT_DASHBOARD: { ko: '대시보드', en: 'Dashboard', ja: 'ダッシュボード', zh: '仪表板' },
  PROJECT_SUPPORT: { ko: '기술 지원', en: 'Support', ja: 'テクニカルサポート', zh: '技术支持' },
  PROJECT_BILLING: { ko: '결제', en: 'Billing', ja: '請求', zh: '账单' },
  PROJECT_LOG: { ko: '로그', en: 'Log', ja: 'ログ', zh: '日志' },
  PROJECT_SERVICE: { ko: '서비스', en: 'Services', ja: 'サービス', zh: '服务' },
};

/** A category and its sub-categories, named in one language. */
export interface RoleCategoryHierarchy {
  categoryKey: string;
  categoryName: string;
  subCategories: RoleCategoryHierarchy[];
}

export const RoleCategoryHierarchySchema: z.ZodType<RoleCategoryHierarchy> = z.object({
  categoryKey: z.string(),
  categoryName: z.string(),
  get subCategories() {
    return z.array(RoleCategoryHierarchySchema);
  },
});

/** The organization (scope 'ORG') or project (scope 'PROJECT') category tree in one language. */
export function roleCategoryHierarchy(scope: 'ORG' | 'PROJECT', lang: Lang): RoleCategoryHierarchy {
  const keys: readonly RoleCategoryKey[] = scope === 'ORG' ? ORG_ROLE_CATEGORY_KEYS : PROJECT_ROLE_CATEGORY_KEYS;
  return {
    categoryKey: scope,
    categoryName: ROLE_CATEGORY_NAMES[scope][lang],
    subCategories: keys.map((key) => ({ categoryKey: key, categoryName: ROLE_CATEGORY_NAMES[key][lang], subCategories: [] })),
  };
}

/** Whether a role in `categoryKey` falls under the asked category (a root asks for all beneath it). */
export function isInCategory(categoryKey: string, asked: string): boolean {
  if (categoryKey === asked) return true;
  if (asked === ORG_ROLE_ROOT_CATEGORY) return (ORG_ROLE_CATEGORY_KEYS as readonly string[]).includes(categoryKey);
  if (asked === PROJECT_ROLE_ROOT_CATEGORY) return (PROJECT_ROLE_CATEGORY_KEYS as readonly string[]).includes(categoryKey);
  return false;
}
