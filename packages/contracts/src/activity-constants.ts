/**
 * The constants of activity.ts without its schemas (activity.ts re-exports them): zod-free, so a web page
 * can use them without loading zod (issue 16).
 */
/**
 * The activity feed of an organization (and of each project): who did what to which target, when.
 * It is recorded centrally by the API after a successful mutating call, driven by ACTIVITY_RULES
 * (activity-rules.ts) (endpoint → action code and where the target's id and name are). It is a feed for the
 * organization's people, not the security audit log (see docs/decisions.md).
 */

export const ACTIVITY_ACTION_CODES = [
  'ORG_CREATE',
  'ORG_UPDATE',
  'ORG_OWNER_TRANSFER',
  'ORG_DOMAIN_CHANGE',
  'ORG_REGIONS_CHANGE',
  'ORG_SUPPORT_TEAM_CHANGE',
  'PROJECT_CREATE',
  'PROJECT_UPDATE',
  'PROJECT_DELETE',
  'PROJECT_OWNER_TRANSFER',
  'ORG_MEMBER_INVITE',
  'ORG_INVITATION_CANCEL',
  'ORG_INVITATION_ACCEPT',
  'ORG_MEMBER_ROLES_CHANGE',
  'ORG_MEMBER_REMOVE',
  'PROJECT_MEMBER_ADD',
  'PROJECT_MEMBER_ROLES_CHANGE',
  'PROJECT_MEMBER_REMOVE',
  'IAM_ACCOUNT_CREATE',
  'IAM_ACCOUNT_UPDATE',
  'IAM_ACCOUNT_SUSPEND',
  'IAM_ACCOUNT_RESUME',
  'IAM_ACCOUNT_DELETE',
  'ROLE_GROUP_CREATE',
  'ROLE_GROUP_UPDATE',
  'ROLE_GROUP_DELETE',
  'ORG_MEMBER_IMPORT',
  'PROJECT_IMPORT',
  'PROJECT_MEMBER_IMPORT',
  'PRODUCT_ENABLE',
  'PRODUCT_DISABLE',
  'APPKEY_SECRET_REISSUE',
  'PROJECT_APPKEY_CREATE',
  'PROJECT_APPKEY_UPDATE',
  'PROJECT_APPKEY_DELETE',
] as const;
export type ActivityActionCode = (typeof ACTIVITY_ACTION_CODES)[number];

export const ACTIVITY_TARGET_TYPES = [
  'ORGANIZATION',
  'PROJECT',
  'DOMAIN',
  'REGION',
  'MEMBER',
  'IAM_ACCOUNT',
  'INVITATION',
  'ROLE_GROUP',
  'IMPORT_JOB',
  'PRODUCT',
  'APPKEY',
] as const;
export type ActivityTargetType = (typeof ACTIVITY_TARGET_TYPES)[number];
