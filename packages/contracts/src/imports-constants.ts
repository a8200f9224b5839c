/**
 * The constants of imports.ts without its schemas (imports.ts re-exports them): zod-free, so a web page
 * can use them without loading zod (issue 16).
 */
import type { Lang } from './locales.ts';

/**
 * Batch registration by spreadsheet (spec §3 "Batch registration result", §5 batch rules, §7
 * "Import v6" and "templates v4/{type}/download", §9). See docs/decisions.md "Batch registration".
 */

/** Template types of GET /api/cab/v4/templates/:type/download, one per import. */
export const IMPORT_TEMPLATE_TYPES = ['ORG_MEMBER', 'PROJECT_MEMBER', 'PROJECT'] as const;
export type ImportTemplateType = (typeof IMPORT_TEMPLATE_TYPES)[number];

/** Version written into the template's hidden marker; a file of another version is 'template mismatch'. */
export const IMPORT_TEMPLATE_VERSION = 1;
/** Name of the very hidden sheet holding the marker `console-import:<TYPE>:v<version>` in A1. */
export const IMPORT_MARKER_SHEET = '_console_template';
export const importMarkerOf = (type: ImportTemplateType) => `console-import:${type}:v${IMPORT_TEMPLATE_VERSION}`;

// ---- limits (spec §5, §9; docs/decisions.md) ----

/** Data rows one file may hold (spec §9: 1000 rows cap). */
export const IMPORT_MAX_ROWS = 1000;
/** Rows one organization member import may register (spec §5/§9: 100); more answers 1503. */
export const ORG_MEMBER_IMPORT_BATCH_LIMIT = 100;
/** Rows one project member import may register (spec §5/§9: 50). */
export const PROJECT_MEMBER_IMPORT_BATCH_LIMIT = 50;
/** Largest upload (the route's body limit). A 1,000-row template is about 23 KB. */
export const IMPORT_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** Zip inspection before parsing: entries, total uncompressed bytes, and compression ratio. */
export const IMPORT_ZIP_MAX_ENTRIES = 100;
export const IMPORT_ZIP_MAX_UNCOMPRESSED_BYTES = 20 * 1024 * 1024;
/** Ratio uncompressed / compressed allowed for an entry larger than IMPORT_ZIP_RATIO_FLOOR_BYTES. */
export const IMPORT_ZIP_MAX_RATIO = 100;
export const IMPORT_ZIP_RATIO_FLOOR_BYTES = 1024 * 1024;
/** File names the upload accepts (spec §5 'File names must end in xls or xlsx.'). */
export const IMPORT_FILE_NAME_PATTERN = /\.(xls|xlsx)$/i;

// ---- organization member rows ----

export const ORG_MEMBER_TYPE_CODES = ['TOAST_CLOUD', 'IAM'] as const;
export type OrgMemberTypeCode = (typeof ORG_MEMBER_TYPE_CODES)[number];

/** The member types' display names (as the console shows them), which the templates offer. */
export const ORG_MEMBER_TYPE_NAMES: Readonly<Record<OrgMemberTypeCode, Readonly<Record<Lang, string>>>> = {
  TOAST_CLOUD: { ko: '클라우드 계정', en: 'Cloud account', ja: 'クラウドアカウント', zh: '云账户' },
  IAM: { ko: 'IAM 계정', en: 'IAM account', ja: 'IAMアカウント', zh: 'IAM 账户' },
};

const typeKey = (text: string) => text.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
const TYPE_BY_TEXT = new Map<string, OrgMemberTypeCode>(
  ORG_MEMBER_TYPE_CODES.flatMap((code) => [code, ...Object.values(ORG_MEMBER_TYPE_NAMES[code])].map((text) => [typeKey(text), code] as const)),
);

/**
 * The member type a template cell names: its code (TOAST_CLOUD, IAM) or its display name in any
 * console language ("Cloud account", "IAM 계정"…), in any letter case and spacing.
 */
export const orgMemberTypeOf = (text: string): OrgMemberTypeCode | undefined => TYPE_BY_TEXT.get(typeKey(text));

/** Columns of the ORG_MEMBER template, in order. */
export const ORG_MEMBER_IMPORT_COLUMNS = ['orgMemberTypeCode', 'email', 'roleList', 'userCode', 'name'] as const;
export type OrgMemberImportColumn = (typeof ORG_MEMBER_IMPORT_COLUMNS)[number];

/** Template headers per language, by column (all template types). */
export const IMPORT_COLUMN_HEADERS: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  orgMemberTypeCode: {
    ko: '멤버 유형 (클라우드 계정/IAM 계정)',
    en: 'Member type (Cloud account/IAM account)',
    ja: 'メンバータイプ (クラウドアカウント/IAMアカウント)',
    zh: '成员类型 (云账户/IAM 账户)',
  },
  email: { ko: '이메일', en: 'Email', ja: 'メールアドレス', zh: '电子邮件' },
  roleList: { ko: '역할 (쉼표로 구분)', en: 'Roles (comma-separated)', ja: 'ロール (カンマ区切り)', zh: '角色 (逗号分隔)' },
  userCode: { ko: 'IAM ID', en: 'IAM ID', ja: 'IAM ID', zh: 'IAM ID' },
  name: { ko: '이름', en: 'Name', ja: '名前', zh: '姓名' },
  projectName: { ko: '프로젝트 이름', en: 'Project name', ja: 'プロジェクト名', zh: '项目名称' },
  ownerEmail: { ko: '소유자 이메일', en: 'Owner email', ja: 'オーナーのメールアドレス', zh: '所有者电子邮件' },
  projectDescription: { ko: '설명', en: 'Description', ja: '説明', zh: '描述' },
  resultCode: { ko: '결과 코드', en: 'Result code', ja: '結果コード', zh: '结果代码' },
  resultMessage: { ko: '결과', en: 'Result', ja: '結果', zh: '结果' },
  rowNumber: { ko: '행', en: 'Row', ja: '行', zh: '行' },
};

/** Columns of each template type. */
export const IMPORT_TEMPLATE_COLUMNS: Readonly<Record<ImportTemplateType, readonly string[]>> = {
  ORG_MEMBER: ORG_MEMBER_IMPORT_COLUMNS,
  // The project is the one the import is called for (its URL).
  PROJECT_MEMBER: ['orgMemberTypeCode', 'email', 'userCode', 'roleList'],
  PROJECT: ['projectName', 'ownerEmail', 'projectDescription'],
};
