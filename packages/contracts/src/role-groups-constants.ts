/**
 * The constants of role-groups.ts without its schemas (role-groups.ts re-exports them): zod-free,
 * so a web page can use them without loading zod (issue 16).
 */

export const ROLE_GROUP_TYPE_CODES = ['PROJECT', 'COMMON'] as const;
export type RoleGroupTypeCode = (typeof ROLE_GROUP_TYPE_CODES)[number];

export const ROLE_GROUP_NAME_MAX_LENGTH = 50;
export const ROLE_GROUP_DESCRIPTION_MAX_LENGTH = 200;
/** Roles one group may hold: every role a group may take (ROLE_GROUP_ROLE_IDS), each once. */
export const ROLE_GROUP_MAX_ROLES = 64;
/** Members one assignment call may name. */
export const ROLE_GROUP_MEMBERS_PER_REQUEST = 1000;
