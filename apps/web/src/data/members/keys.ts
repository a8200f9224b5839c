/**
 * Query keys of members, under their tenant: an organization's members and invitations begin
 * with ['org', orgId, ...], a project's members with ['project', projectId, ...].
 */
export interface MemberListFilters {
  readonly page: number;
  readonly limit: number;
  readonly emailLike?: string;
  readonly nameLike?: string;
}

export const memberKeys = {
  orgMembers: (orgId: string) => ['org', orgId, 'members'] as const,
  orgMembersPage: (orgId: string, filters: MemberListFilters) => ['org', orgId, 'members', filters] as const,
  orgMember: (orgId: string, memberId: string) => ['org', orgId, 'members', 'detail', memberId] as const,
  orgInvitations: (orgId: string) => ['org', orgId, 'invitations'] as const,
  orgInvitationsPage: (orgId: string, filters: { page: number; limit: number; emailLike?: string }) =>
    ['org', orgId, 'invitations', filters] as const,
  projectMembers: (projectId: string) => ['project', projectId, 'members'] as const,
  projectMembersPage: (projectId: string, filters: MemberListFilters & { memberTypeCode?: string }) =>
    ['project', projectId, 'members', filters] as const,
};
