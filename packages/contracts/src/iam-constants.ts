/**
 * The constants of iam.ts without its schemas (iam.ts re-exports them): zod-free, so a web page
 * can use them without loading zod (issue 16).
 */
/**
 * IAM accounts of an organization (spec §3 "IAM member columns", §4, §5, §7 "IAM v4"): they sign
 * in at the organization's domain with an ID. Paths are on the iam service.
 */

/** States an IAM account goes through (spec §4): normal, suspended (re-allowed to STABLE), left (re-added). */
export const IAM_MEMBER_STATUSES = ['STABLE', 'BLOCKED', 'LEAVED'] as const;
export type IamMemberStatus = (typeof IAM_MEMBER_STATUSES)[number];
/** How an account came to be: made in the console, or integrated from the organization's identity provider. */
export const IAM_CREATION_TYPES = ['CONSOLE', 'SSO'] as const;
export type IamCreationType = (typeof IAM_CREATION_TYPES)[number];
export const ID_PROVIDER_PROTOCOLS = ['SAML', 'OIDC'] as const;
