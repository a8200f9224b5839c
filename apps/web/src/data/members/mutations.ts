import type { BodyOf } from '@console/contracts/endpoint';
import { addProjectMember, removeProjectMember, updateProjectMember } from '@console/contracts/refs/project-members';
import {
  cancelOrgInvitation,
  inviteOrgMembers,
  removeOrgMember,
  resendOrgInvitation,
  updateOrgMemberRoles,
} from '@console/contracts/refs/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { memberKeys } from './keys.ts';

/** Invites people by email with organization roles; the invitation list changes. */
export const useInviteOrgMembersMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'invitations', 'create'],
    mutationFn: (body: BodyOf<typeof inviteOrgMembers>) => callApi(inviteOrgMembers, { params: { orgId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.orgInvitations(orgId) }),
  });
};

export const useResendInvitationMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'invitations', 'resend'],
    mutationFn: (invitationId: string) => callApi(resendOrgInvitation, { params: { orgId, invitationId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.orgInvitations(orgId) }),
  });
};

export const useCancelInvitationMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'invitations', 'cancel'],
    mutationFn: (invitationId: string) => callApi(cancelOrgInvitation, { params: { orgId, invitationId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.orgInvitations(orgId) }),
  });
};

/** Changes a member's organization roles; their permissions in the organization change with them. */
export const useUpdateOrgMemberRolesMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'members', 'update'],
    mutationFn: ({ memberId, body }: { memberId: string; body: BodyOf<typeof updateOrgMemberRoles> }) =>
      callApi(updateOrgMemberRoles, { params: { orgId, memberId }, body }),
    // ['org', orgId] holds the members and the caller's own self/roles (a member may change their own).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['org', orgId] }),
  });
};

/** Removes a cloud member from the organization and its projects. */
export const useRemoveOrgMemberMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'members', 'remove'],
    mutationFn: (memberId: string) => callApi(removeOrgMember, { params: { orgId, memberId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.orgMembers(orgId) }),
        // Project member lists of the organization's projects lose them too.
        queryClient.invalidateQueries({ queryKey: ['project'] }),
      ]),
  });
};

/** Project members change: the list, the candidates, and the caller's own project roles. */
const useProjectMemberMutation = <V, R>(projectId: string, name: string, run: (value: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['project', projectId, 'members', name],
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['project', projectId] }),
  });
};

export const useAddProjectMemberMutation = (projectId: string) =>
  useProjectMemberMutation(
    projectId,
    'add',
    (body: { projectMemberUuid: string; projectMemberRoleCodeList: string[]; projectMemberRoleGroupIdList?: string[] }) =>
    callApi(addProjectMember, { params: { projectId }, body: { ...body, projectMemberStatusCode: 'STABLE' }, projectId }),
  );

export const useUpdateProjectMemberMutation = (projectId: string) =>
  useProjectMemberMutation(projectId, 'update', ({ memberId, roles, roleGroups }: { memberId: string; roles: string[]; roleGroups?: string[] }) =>
    callApi(updateProjectMember, {
      params: { projectId, memberId },
      body: { projectMemberRoleCodeList: roles, ...(roleGroups ? { projectMemberRoleGroupIdList: roleGroups } : {}) },
      projectId,
    }),
  );

export const useRemoveProjectMemberMutation = (projectId: string) =>
  useProjectMemberMutation(projectId, 'remove', (memberId: string) =>
    callApi(removeProjectMember, { params: { projectId, memberId }, projectId }),
  );
