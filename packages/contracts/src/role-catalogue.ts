/**
 * The role catalogue (spec §3 Role): every
 * built-in organization and project role with its category, the category of the hierarchy it
 * sits in (categoryKey), its properties, and its name and description in each console language.
 *
 * The tree (parentRoleIds / childRoleIds, role-tree.ts) is not written down: it is derived from
 * the permission sets of permissions.ts. A is a parent of B when B's permissions are a strict subset of A's (same
 * category, both non-empty), reduced to immediate links. So the tree cannot drift from what the
 * roles grant. Per-service roles (ORG_SERVICE_ROLE / PROJECT_SERVICE_ROLE) arrive with the
 * services issue: their categories are in the hierarchy, no role is listed yet.
 */
import type { RoleProperty } from './conditions.ts';
import {
  BUILT_IN_ORG_ROLES,
  BUILT_IN_PROJECT_ROLES,
  ORG_ROLE_NAMES,
  PROJECT_ROLE_NAMES,
  roleIdOf,
  type OrgRoleName,
  type PermissionName,
  type ProjectRoleName,
} from './permissions.ts';
import type { Lang } from './locales.ts';
import type { Localized, OrgRoleCategoryKey, ProjectRoleCategoryKey } from './role-categories.ts';

// ---- names and descriptions ----

export const ORG_ROLE_NAMES_I18N: Readonly<Record<OrgRoleName, Localized>> = {
  OWNER: { ko: '소유자', en: 'Owner', ja: 'オーナー', zh: '所有者' },
  ADMIN: { ko: '관리자', en: 'Admin', ja: '管理者', zh: '管理员' },
  MEMBER: { ko: '멤버', en: 'Member', ja: 'メンバー', zh: '成员' },
  BILLING_VIEWER: { ko: '결제 조회자', en: 'Billing viewer', ja: '請求閲覧者', zh: '账单查看者' },
  LOG_VIEWER: { ko: '로그 조회자', en: 'Log viewer', ja: 'ログ閲覧者', zh: '日志查看者' },
  BUDGET_ADMIN: { ko: '예산 관리자', en: 'Budget admin', ja: '予算管理者', zh: '预算管理员' },
  BUDGET_VIEWER: { ko: '예산 조회자', en: 'Budget viewer', ja: '予算閲覧者', zh: '预算查看者' },
  DASHBOARD_ADMIN: { ko: '대시보드 관리자', en: 'Dashboard admin', ja: 'ダッシュボード管理者', zh: '仪表板管理员' },
  DASHBOARD_VIEWER: { ko: '대시보드 조회자', en: 'Dashboard viewer', ja: 'ダッシュボード閲覧者', zh: '仪表板查看者' },
  SUPPORT_ADMIN: { ko: '기술 지원 관리자', en: 'Support admin', ja: 'テクニカルサポート管理者', zh: '技术支持管理员' },
  STATION_VIEWER: { ko: '스테이션 조회자', en: 'Station viewer', ja: 'ステーション閲覧者', zh: '专属基础设施查看者' },
  NONE: { ko: '역할 없음', en: 'No role', ja: 'ロールなし', zh: '无角色' },
};
export const PROJECT_ROLE_NAMES_I18N: Readonly<Record<ProjectRoleName, Localized>> = {
  OWNER: { ko: '소유자', en: 'Owner', ja: 'オーナー', zh: '所有者' },
  ADMIN: { ko: '관리자', en: 'Admin', ja: '管理者', zh: '管理员' },
  MEMBER: { ko: '멤버', en: 'Member', ja: 'メンバー', zh: '成员' },
  VIEWER: { ko: '조회자', en: 'Viewer', ja: '閲覧者', zh: '查看者' },
  PROJECT_MEMBER_ADMIN: { ko: '프로젝트 멤버 관리자', en: 'Project member admin', ja: 'プロジェクトメンバー管理者', zh: '项目成员管理员' },
  PROJECT_MEMBER_VIEWER: { ko: '프로젝트 멤버 조회자', en: 'Project member viewer', ja: 'プロジェクトメンバー閲覧者', zh: '项目成员查看者' },
  PROJECT_MANAGEMENT_ADMIN: { ko: '프로젝트 설정 관리자', en: 'Project management admin', ja: 'プロジェクト設定管理者', zh: '项目设置管理员' },
  PROJECT_MANAGEMENT_VIEWER: { ko: '프로젝트 설정 조회자', en: 'Project management viewer', ja: 'プロジェクト設定閲覧者', zh: '项目设置查看者' },
  MARKETPLACE_ADMIN: { ko: '마켓플레이스 관리자', en: 'Marketplace admin', ja: 'マーケットプレイス管理者', zh: '应用市场管理员' },
  MARKETPLACE_VIEWER: { ko: '마켓플레이스 조회자', en: 'Marketplace viewer', ja: 'マーケットプレイス閲覧者', zh: '应用市场查看者' },
  BILLING_VIEWER: { ko: '결제 조회자', en: 'Billing viewer', ja: '請求閲覧者', zh: '账单查看者' },
  LOG_VIEWER: { ko: '로그 조회자', en: 'Log viewer', ja: 'ログ閲覧者', zh: '日志查看者' },
  SERVICE_USER: { ko: '서비스 사용자', en: 'Service user', ja: 'サービス利用者', zh: '服务使用者' },
  QUOTA_ADMIN: { ko: '쿼터 관리자', en: 'Quota admin', ja: 'クォータ管理者', zh: '配额管理员' },
  QUOTA_VIEWER: { ko: '쿼터 조회자', en: 'Quota viewer', ja: 'クォータ閲覧者', zh: '配额查看者' },
  API_SECURITY_ADMIN: { ko: 'API 보안 관리자', en: 'API security admin', ja: 'APIセキュリティ管理者', zh: 'API 安全管理员' },
  API_SECURITY_VIEWER: { ko: 'API 보안 조회자', en: 'API security viewer', ja: 'APIセキュリティ閲覧者', zh: 'API 安全查看者' },
  NOTICE_GROUP_ADMIN: { ko: '알림 그룹 관리자', en: 'Notification group admin', ja: '通知グループ管理者', zh: '通知组管理员' },
  NOTICE_GROUP_VIEWER: { ko: '알림 그룹 조회자', en: 'Notification group viewer', ja: '通知グループ閲覧者', zh: '通知组查看者' },
  NOTICE_ADMIN: { ko: '알림 관리자', en: 'Notification admin', ja: '通知管理者', zh: '通知管理员' },
  NOTICE_VIEWER: { ko: '알림 조회자', en: 'Notification viewer', ja: '通知閲覧者', zh: '通知查看者' },
  AUTHENTICATION_ADMIN: { ko: '인증 정보 관리자', en: 'Authentication admin', ja: '認証情報管理者', zh: '认证信息管理员' },
  AUTHENTICATION_VIEWER: { ko: '인증 정보 조회자', en: 'Authentication viewer', ja: '認証情報閲覧者', zh: '认证信息查看者' },
  DASHBOARD_ADMIN: { ko: '대시보드 관리자', en: 'Dashboard admin', ja: 'ダッシュボード管理者', zh: '仪表板管理员' },
  DASHBOARD_VIEWER: { ko: '대시보드 조회자', en: 'Dashboard viewer', ja: 'ダッシュボード閲覧者', zh: '仪表板查看者' },
  SUPPORT_ADMIN: { ko: '기술 지원 관리자', en: 'Support admin', ja: 'テクニカルサポート管理者', zh: '技术支持管理员' },
  SUPPORT_VIEWER: { ko: '기술 지원 조회자', en: 'Support viewer', ja: 'テクニカルサポート閲覧者', zh: '技术支持查看者' },
  NONE: { ko: '역할 없음', en: 'No role', ja: 'ロールなし', zh: '无角色' },
};

/** What an "X admin" / "X viewer" role looks after, for its description. */
const AREAS = {
  BUDGET: { ko: '예산과 예산 알림 수신자', en: 'budgets and their notice receivers', ja: '予算と予算通知の受信者', zh: '预算及其通知接收者' },
  DASHBOARD: { ko: '대시보드', en: 'dashboards', ja: 'ダッシュボード', zh: '仪表板' },
  SUPPORT: { ko: '기술 지원 문의', en: 'technical support inquiries', ja: 'テクニカルサポートの問い合わせ', zh: '技术支持咨询' },
  PROJECT_MEMBER: { ko: '프로젝트 멤버와 역할 그룹', en: 'project members and role groups', ja: 'プロジェクトメンバーとロールグループ', zh: '项目成员和角色组' },
  PROJECT_MANAGEMENT: {
    ko: '프로젝트 설정, 인증 정보, 쿼터',
    en: 'project settings, authentication information and quotas',
    ja: 'プロジェクト設定、認証情報、クォータ',
    zh: '项目设置、认证信息和配额',
  },
  MARKETPLACE: { ko: '마켓플레이스 주문', en: 'marketplace orders', ja: 'マーケットプレイスの注文', zh: '应用市场订单' },
  QUOTA: { ko: '쿼터', en: 'quotas', ja: 'クォータ', zh: '配额' },
  API_SECURITY: { ko: 'API 보안 설정', en: 'API security settings', ja: 'APIセキュリティ設定', zh: 'API 安全设置' },
  NOTICE_GROUP: { ko: '알림 수신 그룹', en: 'notification receiver groups', ja: '通知受信グループ', zh: '通知接收组' },
  NOTICE: { ko: '알림', en: 'notifications', ja: '通知', zh: '通知' },
  AUTHENTICATION: { ko: '인증 정보(앱키)', en: 'authentication information (app keys)', ja: '認証情報（アプリキー）', zh: '认证信息（应用密钥）' },
} as const satisfies Record<string, Localized>;

const adminOf = (area: Localized): Localized => ({
  ko: `${area.ko}을(를) 조회하고 관리합니다.`,
  en: `Views and manages ${area.en}.`,
  ja: `${area.ja}を閲覧・管理します。`,
  zh: `查看和管理${area.zh}。`,
});
const viewerOf = (area: Localized): Localized => ({
  ko: `${area.ko}을(를) 조회합니다.`,
  en: `Views ${area.en}.`,
  ja: `${area.ja}を閲覧します。`,
  zh: `查看${area.zh}。`,
});
const NO_ROLE: Localized = {
  ko: '권한이 없습니다. 소속만 유지합니다.',
  en: 'Grants nothing; keeps the membership only.',
  ja: '権限はありません。所属のみを保持します。',
  zh: '不授予任何权限，仅保留成员身份。',
};
const BASE_VIEWER: Localized = {
  ko: '기본 정보만 조회합니다.',
  en: 'Views the basic information only.',
  ja: '基本情報のみを閲覧します。',
  zh: '仅查看基本信息。',
};

const ORG_ROLE_DESCRIPTIONS: Readonly<Record<OrgRoleName, Localized>> = {
  OWNER: {
    ko: '조직의 모든 권한을 가지며 조직 삭제, 소유권 이전, 결제 수단 관리를 할 수 있습니다.',
    en: 'Holds every organization permission, including deleting the organization, handing it over and managing its payment method.',
    ja: '組織のすべての権限を持ち、組織の削除、オーナー移譲、支払い方法の管理ができます。',
    zh: '拥有组织的全部权限，包括删除组织、转让所有权和管理支付方式。',
  },
  ADMIN: {
    ko: '조직 삭제, 소유권 이전, 결제 수단 관리를 제외한 조직의 모든 권한과 모든 프로젝트의 권한을 가집니다.',
    en: 'Holds every organization permission except deleting, handing over and the payment method, and every permission in all its projects.',
    ja: '組織の削除、オーナー移譲、支払い方法を除く組織のすべての権限と、すべてのプロジェクトの権限を持ちます。',
    zh: '拥有除删除组织、转让所有权和支付方式以外的全部组织权限，以及所有项目的权限。',
  },
  MEMBER: {
    ko: '조직 정보를 조회하고 프로젝트를 만들 수 있습니다.',
    en: 'Views the organization and creates projects.',
    ja: '組織情報を閲覧し、プロジェクトを作成できます。',
    zh: '查看组织信息并创建项目。',
  },
  BILLING_VIEWER: {
    ko: '결제 정보와 예산을 조회합니다.',
    en: 'Views billing information and budgets.',
    ja: '請求情報と予算を閲覧します。',
    zh: '查看账单信息和预算。',
  },
  LOG_VIEWER: BASE_VIEWER,
  BUDGET_ADMIN: adminOf(AREAS.BUDGET),
  BUDGET_VIEWER: viewerOf(AREAS.BUDGET),
  DASHBOARD_ADMIN: adminOf(AREAS.DASHBOARD),
  DASHBOARD_VIEWER: viewerOf(AREAS.DASHBOARD),
  SUPPORT_ADMIN: adminOf(AREAS.SUPPORT),
  STATION_VIEWER: BASE_VIEWER,
  NONE: NO_ROLE,
};

const PROJECT_ROLE_DESCRIPTIONS: Readonly<Record<ProjectRoleName, Localized>> = {
  OWNER: {
    ko: '프로젝트의 모든 권한을 가지며 프로젝트를 넘겨줄 수 있습니다. 프로젝트 소유자에게만 주어집니다.',
    en: "Holds every project permission and can hand the project over. Held by the project's owner only.",
    ja: 'プロジェクトのすべての権限を持ち、プロジェクトを移譲できます。プロジェクトのオーナーのみが持ちます。',
    zh: '拥有项目的全部权限，并可转让项目。仅项目所有者拥有。',
  },
  ADMIN: {
    ko: '프로젝트 이전을 제외한 프로젝트의 모든 권한을 가집니다.',
    en: 'Holds every project permission except handing the project over.',
    ja: 'プロジェクトの移譲を除く、プロジェクトのすべての権限を持ちます。',
    zh: '拥有除转让项目以外的全部项目权限。',
  },
  MEMBER: {
    ko: '프로젝트의 서비스와 정보를 조회하고 쿼터와 기술 지원을 요청합니다.',
    en: "Views the project's services and information, and requests quotas and support.",
    ja: 'プロジェクトのサービスと情報を閲覧し、クォータとサポートを依頼します。',
    zh: '查看项目的服务和信息，并申请配额和技术支持。',
  },
  VIEWER: {
    ko: '프로젝트의 서비스와 정보를 조회합니다.',
    en: "Views the project's services and information.",
    ja: 'プロジェクトのサービスと情報を閲覧します。',
    zh: '查看项目的服务和信息。',
  },
  PROJECT_MEMBER_ADMIN: adminOf(AREAS.PROJECT_MEMBER),
  PROJECT_MEMBER_VIEWER: viewerOf(AREAS.PROJECT_MEMBER),
  PROJECT_MANAGEMENT_ADMIN: adminOf(AREAS.PROJECT_MANAGEMENT),
  PROJECT_MANAGEMENT_VIEWER: viewerOf(AREAS.PROJECT_MANAGEMENT),
  MARKETPLACE_ADMIN: adminOf(AREAS.MARKETPLACE),
  MARKETPLACE_VIEWER: viewerOf(AREAS.MARKETPLACE),
  BILLING_VIEWER: {
    ko: '프로젝트의 결제 정보를 조회합니다.',
    en: "Views the project's billing information.",
    ja: 'プロジェクトの請求情報を閲覧します。',
    zh: '查看项目的账单信息。',
  },
  LOG_VIEWER: BASE_VIEWER,
  SERVICE_USER: {
    ko: '프로젝트의 서비스를 조회하고 사용합니다.',
    en: "Views and uses the project's services.",
    ja: 'プロジェクトのサービスを閲覧・利用します。',
    zh: '查看和使用项目的服务。',
  },
  QUOTA_ADMIN: adminOf(AREAS.QUOTA),
  QUOTA_VIEWER: viewerOf(AREAS.QUOTA),
  API_SECURITY_ADMIN: adminOf(AREAS.API_SECURITY),
  API_SECURITY_VIEWER: viewerOf(AREAS.API_SECURITY),
  NOTICE_GROUP_ADMIN: adminOf(AREAS.NOTICE_GROUP),
  NOTICE_GROUP_VIEWER: viewerOf(AREAS.NOTICE_GROUP),
  NOTICE_ADMIN: adminOf(AREAS.NOTICE),
  NOTICE_VIEWER: viewerOf(AREAS.NOTICE),
  AUTHENTICATION_ADMIN: adminOf(AREAS.AUTHENTICATION),
  AUTHENTICATION_VIEWER: viewerOf(AREAS.AUTHENTICATION),
  DASHBOARD_ADMIN: adminOf(AREAS.DASHBOARD),
  DASHBOARD_VIEWER: viewerOf(AREAS.DASHBOARD),
  SUPPORT_ADMIN: adminOf(AREAS.SUPPORT),
  SUPPORT_VIEWER: viewerOf(AREAS.SUPPORT),
  NONE: NO_ROLE,
};

const ORG_ROLE_CATEGORY: Readonly<Record<OrgRoleName, OrgRoleCategoryKey>> = {
  OWNER: 'ORG_MEMBER',
  ADMIN: 'ORG_MEMBER',
  MEMBER: 'ORG_MEMBER',
  NONE: 'ORG_MEMBER',
  BILLING_VIEWER: 'ORG_BILLING',
  BUDGET_ADMIN: 'ORG_BILLING',
  BUDGET_VIEWER: 'ORG_BILLING',
  DASHBOARD_ADMIN: 'ORG_DASHBOARD',
  DASHBOARD_VIEWER: 'ORG_DASHBOARD',
  SUPPORT_ADMIN: 'ORG_SUPPORT',
  LOG_VIEWER: 'ORG_LOG',
  STATION_VIEWER: 'ORG_STATION',
};

const PROJECT_ROLE_CATEGORY: Readonly<Record<ProjectRoleName, ProjectRoleCategoryKey>> = {
  OWNER: 'PROJECT_MANAGEMENT',
  ADMIN: 'PROJECT_MANAGEMENT',
  MEMBER: 'PROJECT_MANAGEMENT',
  VIEWER: 'PROJECT_MANAGEMENT',
  SERVICE_USER: 'PROJECT_MANAGEMENT',
  NONE: 'PROJECT_MANAGEMENT',
  PROJECT_MANAGEMENT_ADMIN: 'PROJECT_MANAGEMENT',
  PROJECT_MANAGEMENT_VIEWER: 'PROJECT_MANAGEMENT',
  PROJECT_MEMBER_ADMIN: 'PROJECT_MEMBER',
  PROJECT_MEMBER_VIEWER: 'PROJECT_MEMBER',
  NOTICE_GROUP_ADMIN: 'PROJECT_NOTIFICATION',
  NOTICE_GROUP_VIEWER: 'PROJECT_NOTIFICATION',
  NOTICE_ADMIN: 'PROJECT_NOTIFICATION',
  NOTICE_VIEWER: 'PROJECT_NOTIFICATION',
  QUOTA_ADMIN: 'PROJECT_QUOTA',
  QUOTA_VIEWER: 'PROJECT_QUOTA',
  API_SECURITY_ADMIN: 'PROJECT_API_SECURITY',
  API_SECURITY_VIEWER: 'PROJECT_API_SECURITY',
  AUTHENTICATION_ADMIN: 'PROJECT_API_SECURITY',
  AUTHENTICATION_VIEWER: 'PROJECT_API_SECURITY',
  MARKETPLACE_ADMIN: 'PROJECT_MARKETPLACE',
  MARKETPLACE_VIEWER: 'PROJECT_MARKETPLACE',
  DASHBOARD_ADMIN: 'PROJECT_DASHBOARD',
  DASHBOARD_VIEWER: 'PROJECT_DASHBOARD',
  SUPPORT_ADMIN: 'PROJECT_SUPPORT',
  SUPPORT_VIEWER: 'PROJECT_SUPPORT',
  BILLING_VIEWER: 'PROJECT_BILLING',
  LOG_VIEWER: 'PROJECT_LOG',
};

/** Properties of a role (spec §3 RoleTreeNode.roleProperties). OWNER is handed over, never put in a group. */
const PROPERTIES_BY_NAME: Readonly<Partial<Record<string, readonly RoleProperty[]>>> = {
  OWNER: ['CONDITION_DISABLED', 'DENY_POLICY_DISABLED'],
  ADMIN: ['DENY_POLICY_DISABLED'],
};

// ---- the catalogue ----

/** One built-in role of the catalogue, with everything in every language. */
export interface BuiltInRole {
  readonly roleId: string;
  readonly category: 'ORG_ROLE' | 'PROJECT_ROLE';
  readonly roleName: OrgRoleName | ProjectRoleName;
  readonly categoryTypeCode: 'ROLE';
  readonly categoryKey: OrgRoleCategoryKey | ProjectRoleCategoryKey;
  readonly roleProperties: readonly RoleProperty[];
  /** Whether a member may be given the role (OWNER: no, it is handed over). */
  readonly assignable: boolean;
  readonly names: Localized;
  readonly descriptions: Localized;
  readonly permissions: readonly PermissionName[];
}

export const ORG_ROLE_CATALOGUE: readonly BuiltInRole[] = ORG_ROLE_NAMES.map((roleName) => ({
  roleId: roleIdOf('ORG_ROLE', roleName),
  category: 'ORG_ROLE',
  roleName,
  categoryTypeCode: 'ROLE',
  categoryKey: ORG_ROLE_CATEGORY[roleName],
  roleProperties: PROPERTIES_BY_NAME[roleName] ?? [],
  assignable: roleName !== 'OWNER',
  names: ORG_ROLE_NAMES_I18N[roleName],
  descriptions: ORG_ROLE_DESCRIPTIONS[roleName],
  permissions: BUILT_IN_ORG_ROLES[roleName],
}));

export const PROJECT_ROLE_CATALOGUE: readonly BuiltInRole[] = PROJECT_ROLE_NAMES.map((roleName) => ({
  roleId: roleIdOf('PROJECT_ROLE', roleName),
  category: 'PROJECT_ROLE',
  roleName,
  categoryTypeCode: 'ROLE',
  categoryKey: PROJECT_ROLE_CATEGORY[roleName],
  roleProperties: PROPERTIES_BY_NAME[roleName] ?? [],
  assignable: roleName !== 'OWNER',
  names: PROJECT_ROLE_NAMES_I18N[roleName],
  descriptions: PROJECT_ROLE_DESCRIPTIONS[roleName],
  permissions: BUILT_IN_PROJECT_ROLES[roleName],
}));

export const ROLE_CATALOGUE: readonly BuiltInRole[] = [...ORG_ROLE_CATALOGUE, ...PROJECT_ROLE_CATALOGUE];
const BY_ID = new Map(ROLE_CATALOGUE.map((role) => [role.roleId, role]));

export const builtInRoleOf = (roleId: string): BuiltInRole | undefined => BY_ID.get(roleId);

/** Project roles a role group may hold: every PROJECT_ROLE but OWNER (handed over) and NONE (grants nothing). */
export const ROLE_GROUP_ROLE_IDS: readonly string[] = PROJECT_ROLE_CATALOGUE.filter(
  (role) => role.roleName !== 'OWNER' && role.roleName !== 'NONE',
).map((role) => role.roleId);
export const PROJECT_ADMIN_ROLE_ID = roleIdOf('PROJECT_ROLE', 'ADMIN');

/** The name of a role id in a language: built-in roles from the catalogue, anything else as it is. */
export const roleNameOf = (roleId: string, lang: Lang): string => builtInRoleOf(roleId)?.names[lang] ?? roleId;

/** The catalogue's name of a built-in role (category ORG_ROLE / PROJECT_ROLE) in a language; undefined for any other role. */
export function builtInRoleNameOf(category: string, roleName: string, lang: Lang): string | undefined {
  if (category !== 'ORG_ROLE' && category !== 'PROJECT_ROLE') return undefined;
  return builtInRoleOf(roleIdOf(category, roleName))?.names[lang];
}
