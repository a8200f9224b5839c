/**
 * The constants of access-keys.ts without its schemas (access-keys.ts re-exports them): zod-free, so a web page
 * can use them without loading zod (issue 16).
 */
/**
 * API credentials (spec §2 /security-setting, §3 User access key, Token, Credentials; §4 access
 * key activation; §5 credential renewal; §7 IAM v4 renew-periods; §9 limits).
 *
 * A user access key belongs to one account (a cloud member or an IAM account), not to an
 * organization: its tokens act with that account's permissions and role conditions wherever the
 * account is a member. The secret access key and the token are shown once; only hashes are kept.
 */

/** Spec §9: up to 5 user access keys per cloud ID and per IAM ID. */
export const USER_ACCESS_KEY_LIMIT = 5;
/** Spec §9: rotating a key every 90 days is advised. */
export const ACCESS_KEY_ROTATION_DAYS = 90;
/** Token lifetime bounds in seconds (§5 "minimum and maximum", values ours: see docs/decisions.md). */
export const TOKEN_EXPIRY_MIN_SECONDS = 60;
export const TOKEN_EXPIRY_MAX_SECONDS = 86_400;
export const TOKEN_EXPIRY_DEFAULT_SECONDS = 86_400;
/** Renewal periods in days (§5, §9: 1 to 180 for user access keys, 1 to 90 for the IaaS password and S3). */
export const RENEW_PERIOD_BOUNDS = {
  userAccessKey: { min: 1, max: 180 },
  iaasApiPassword: { min: 1, max: 90 },
  s3Credential: { min: 1, max: 90 },
} as const;
export const RENEW_PERIOD_DEFAULT_DAYS = 90;
/** Reminder mails go this many days before a credential is due, at 12:00 in the organization's time zone. */
export const RENEW_REMINDER_DAYS_BEFORE = 7;

export const ACCESS_KEY_STATUSES = ['STABLE', 'STOP'] as const;
export type AccessKeyStatus = (typeof ACCESS_KEY_STATUSES)[number];
export const TOKEN_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
