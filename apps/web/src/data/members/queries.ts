import { MEMBER_LIST_LIMIT } from '@console/contracts/limits';
import type { OrgMemberSort, ProjectMember } from '@console/contracts/members';
import { getOrgMember, listOrgInvitations, listOrgMembers } from '@console/contracts/refs/members';
import { getProjectMember, listProjectMemberCandidates, listProjectMembers } from '@console/contracts/refs/project-members';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error.ts';
import { callApi, fromQuery } from '../../shared/api/client.ts';
import { memberKeys, type MemberListFilters } from './keys.ts';

type MemberType = 'TOAST_CLOUD' | 'IAM';
/** Spec §8 12100: the id is no member of the project. */
const NOT_A_PROJECT_MEMBER = '12100';

/** One page of an organization's cloud members, searched and paged by the server. */
export const orgMembersQuery = (orgId: string, filters: MemberListFilters & { sort?: OrgMemberSort }) =>
  queryOptions({
    queryKey: memberKeys.orgMembersPage(orgId, filters),
    queryFn: (context) => callApi(listOrgMembers, { params: { orgId }, query: filters, ...fromQuery(context) }),
    placeholderData: keepPreviousData,
  });

/** One cloud member of an organization (ORG_MEMBER_NOT_FOUND when they are not one). */
export const orgMemberQuery = (orgId: string, memberId: string) =>
  queryOptions({
    queryKey: memberKeys.orgMember(orgId, memberId),
    queryFn: (context) => callApi(getOrgMember, { params: { orgId, memberId }, ...fromQuery(context) }),
  });

/** Every cloud member of an organization (spec §9: up to 1000), to choose from. */
export const allOrgMembersQuery = (orgId: string) => orgMembersQuery(orgId, { page: 1, limit: MEMBER_LIST_LIMIT });

/** One page of a project's members (cloud members and IAM accounts). */
export const projectMembersQuery = (
  projectId: string,
  filters: MemberListFilters & { memberTypeCode?: 'TOAST_CLOUD' | 'IAM' },
) =>
  queryOptions({
    queryKey: memberKeys.projectMembersPage(projectId, filters),
    queryFn: (context) =>
      callApi(listProjectMembers, { params: { projectId }, query: filters, projectId, ...fromQuery(context) }),
    placeholderData: keepPreviousData,
  });

/** Every cloud member of a project (up to 1000), to choose its new owner from. */
export const projectCloudMembersQuery = (projectId: string) =>
  projectMembersQuery(projectId, { page: 1, limit: MEMBER_LIST_LIMIT, memberTypeCode: 'TOAST_CLOUD' });

/** One page of an organization's invitations, newest first. */
export const orgInvitationsQuery = (orgId: string, filters: { page: number; limit: number; emailLike?: string }) =>
  queryOptions({
    queryKey: memberKeys.orgInvitationsPage(orgId, filters),
    queryFn: (context) => callApi(listOrgInvitations, { params: { orgId }, query: filters, ...fromQuery(context) }),
    placeholderData: keepPreviousData,
  });

/** Every pending invitation of an organization (up to 1000): people a receiver group may name as invited. */
export const pendingOrgInvitationsQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['org', orgId, 'invitations', 'pending'] as const,
    queryFn: (context) => callApi(listOrgInvitations, { params: { orgId }, query: { page: 1, limit: MEMBER_LIST_LIMIT, invitationStatuses: ['WAIT'] }, ...fromQuery(context) }),
  });

/** Members of the project's organization not yet in the project (up to 1000), of one kind when given, to add. */
export const projectMemberCandidatesQuery = (projectId: string, memberTypeCode?: MemberType) =>
  queryOptions({
    queryKey: ['project', projectId, 'member-candidates', memberTypeCode ?? 'ALL'] as const,
    queryFn: (context) =>
      callApi(listProjectMemberCandidates, {
        params: { projectId },
        query: { page: 1, limit: MEMBER_LIST_LIMIT, ...(memberTypeCode ? { memberTypeCode } : {}) },
        projectId,
        ...fromQuery(context),
      }),
    select: (data) => data.candidates,
  });

/**
 * One member of a project, of one kind, or null when the project has no such member: the single
 * project-member call, whose PROJECT_MEMBER_NOT_FOUND (not a member of this project) and a member of the other kind
 * both read as null.
 */
export const projectMemberQuery = (projectId: string, memberTypeCode: MemberType, memberId: string) =>
  queryOptions({
    queryKey: [...memberKeys.projectMembers(projectId), 'detail', memberTypeCode, memberId] as const,
    queryFn: async (context): Promise<ProjectMember | null> => {
      try {
        const { projectMember } = await callApi(getProjectMember, { params: { projectId, memberId }, projectId, ...fromQuery(context) });
        return projectMember.memberType === memberTypeCode ? projectMember : null;
      } catch (error) {
        if (isApiError(error) && error.code === NOT_A_PROJECT_MEMBER) return null;
        throw error;
      }
    },
  });
