/**
 * The constants of organizations.ts without its schemas (organizations.ts re-exports them):
 * zod-free, so a web page can use them without loading zod (issue 16).
 */

export const ORG_ROLES = ['OWNER', 'ADMIN', 'MEMBER', 'BILLING_VIEWER'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
export const ORG_NEXT_TASK_CODES = ['IAM_ORG_CREATE', 'IAM_ORG_DELETE', 'IAM_ORG_UPDATE', 'NONE'] as const;
export const IP_ACL_TYPE_CODES = ['COMMON', 'INDIVIDUAL'] as const;

/** The organization's time zone when none was chosen. */
export const DEFAULT_ORG_TIME_ZONE = 'Asia/Seoul';

/** IANA time zones the runtime knows (`Intl.supportedValuesOf`), plus UTC, which some runtimes list only as Etc/UTC. */
export function supportedTimeZones(): readonly string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_ORG_TIME_ZONE];
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

/** Field message of an unknown time zone, in each console language. */
export const TIME_ZONE_INVALID_MESSAGES = {
  ko: '지원하지 않는 시간대입니다.',
  en: 'This time zone is not supported.',
  ja: 'サポートされていないタイムゾーンです。',
  zh: '不支持此时区。',
} as const;

/** Most people on an organization's technical support team. */
export const SUPPORT_TEAM_LIMIT = 10;

/** How many members the summary lists as the newest. */
export const NEWEST_MEMBERS_COUNT = 5;
