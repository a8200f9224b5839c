/**
 * The constants of audit.ts without its schemas (audit.ts re-exports them): zod-free, so a web page
 * can use them without loading zod (issue 16).
 */
/**
 * The security audit log (issue 10): every sign-in and failure, every permission denial, every
 * change (members, roles, services, keys, settings): who, what, when (UTC), where (IP, user agent),
 * target, result; settings carry before and after with secrets redacted. Recorded centrally by the
 * API (modules/audit), kept 90 days. `action` is the API call's endpoint id (as CloudTrail names an
 * event by its API action), so it is not translated; the category and result are.
 *
 * Who may read it: Organization.Member.List AND Organization.Setting.Update (the organization's
 * OWNER and ADMIN): it holds members' login ids and addresses (docs/decisions.md).
 */

export const AUDIT_RETENTION_DAYS = 90;
export const AUDIT_PAGE_LIMIT = 100;
/** A CSV export holds at most this many rows (newest first). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/** BREAK_GLASS: the OWNER's one-time code that lifts the network rules, asked for and used (modules/governance). */
export const AUDIT_CATEGORIES = ['SIGN_IN', 'PERMISSION_DENIED', 'CHANGE', 'ACCESS_KEY', 'BREAK_GLASS'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];
export const AUDIT_RESULTS = ['SUCCESS', 'FAILURE'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];
export const AUDIT_ACTOR_TYPES = ['TOAST_CLOUD', 'IAM', 'ANONYMOUS'] as const;
