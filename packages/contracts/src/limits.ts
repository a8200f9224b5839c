/**
 * Business constants and limits (spec §9), and the ones the spec leaves to us (docs/decisions.md,
 * "Organizations, projects and permissions"). Server and forms read them from here.
 */

/** Projects per organization unless the organization has its own limit (spec §9: default 5). */
export const DEFAULT_PROJECT_LIMIT = 5;
/** Organizations a cloud member may own unless ORG_LIMIT_PER_MEMBER says otherwise. */
export const DEFAULT_ORG_LIMIT_PER_MEMBER = 10;
/** Longest organization or project name (spec §5 gives no number). */
export const NAME_MAX_LENGTH = 100;
/** Longest project description. */
export const PROJECT_DESCRIPTION_MAX_LENGTH = 500;
/** Domains per organization: one IAM sign-in domain, changed with PUT (spec §7 domains). */
export const DOMAINS_PER_ORG = 1;
/** Organization domain length (spec §5). */
export const DOMAIN_MIN_LENGTH = 3;
export const DOMAIN_MAX_LENGTH = 40;
/** List sizes the console asks for (spec §9). */
export const ORG_LIST_LIMIT = 9999;
export const ORG_PROJECT_LIST_LIMIT = 1000;
export const PROJECT_LIST_LIMIT = 5000;
/** Seconds a browser may keep a cached answer of a call the spec marks cached (spec §9: 60 s). */
export const CACHE_MAX_AGE_SECONDS = 60;

// ---- members (spec §5, §9; docs/decisions.md "Members") ----

/** Days an organization invitation stays valid (spec §9: 30 days). */
export const INVITATION_EXPIRY_DAYS = 30;
/** Seconds after sending an invitation before it may be sent again ('invitation already sent'). */
export const INVITATION_RESEND_INTERVAL_SECONDS = 60;
/** Hours an IAM password-setup link stays valid. */
export const PASSWORD_SETUP_EXPIRY_HOURS = 24;
/** Seconds after sending a password-setup mail before another may be sent (DUPLICATE_ACTION). */
export const PASSWORD_SETUP_RESEND_INTERVAL_SECONDS = 60;
/** Emails one invitation request may hold, and IAM accounts one creation request may hold (spec §9: 100). */
export const MEMBERS_PER_REQUEST = 100;
/** User password length (spec §5: 8 to 15). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 15;
/** Longest person name (cloud member, IAM account; spec §5 batch names: 40). */
export const PERSON_NAME_MAX_LENGTH = 40;
/** Longest IAM ID. */
export const IAM_USER_CODE_MAX_LENGTH = 100;
/** Page size limit of member lists. */
export const MEMBER_LIST_LIMIT = 1000;
