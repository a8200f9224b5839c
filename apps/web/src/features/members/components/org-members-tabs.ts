/** The members page's tabs, in order (`?tab=`). */
export const ORG_MEMBERS_TABS = ['members', 'invitations', 'iam'] as const;
export type OrgMembersTab = (typeof ORG_MEMBERS_TABS)[number];
