import type { RoleGroupBody } from '@console/contracts/role-groups';
import {
  createOrgRoleGroup,
  createProjectRoleGroup,
  deleteOrgRoleGroup,
  deleteProjectRoleGroup,
  previewOrgRoleGroup,
  previewProjectRoleGroup,
  setRoleGroupMembers,
  updateOrgRoleGroup,
  updateProjectRoleGroup,
} from '@console/contracts/refs/role-groups';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { scopeKey, type RoleGroupScope } from './scope.ts';

/**
 * What a change of a group refreshes: the scope's lists and details and the caller's own roles
 * there (['org', id] / ['project', id]); a common group reaches every project of the
 * organization, so project data is refreshed too.
 */
function invalidate(queryClient: QueryClient, scope: RoleGroupScope) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: scopeKey(scope) }),
    scope.kind === 'org' ? queryClient.invalidateQueries({ queryKey: ['project'] }) : undefined,
  ]);
}

export const useSaveRoleGroupMutation = (scope: RoleGroupScope) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...scopeKey(scope), 'role-groups', 'save'],
    mutationFn: ({ roleGroupId, body }: { roleGroupId?: string | undefined; body: RoleGroupBody }) => {
      if (scope.kind === 'org') {
        return roleGroupId
          ? callApi(updateOrgRoleGroup, { params: { orgId: scope.orgId, roleGroupId }, body })
          : callApi(createOrgRoleGroup, { params: { orgId: scope.orgId }, body });
      }
      const projectId = scope.projectId;
      return roleGroupId
        ? callApi(updateProjectRoleGroup, { params: { projectId, roleGroupId }, body, projectId })
        : callApi(createProjectRoleGroup, { params: { projectId }, body, projectId });
    },
    onSuccess: () => invalidate(queryClient, scope),
  });
};

/**
 * What saving would change for the members holding the group (nothing is saved); in a project,
 * with `projectMemberUuids` (the holders after the save), for the members given or losing it too.
 */
export const usePreviewRoleGroupMutation = (scope: RoleGroupScope) =>
  useMutation({
    mutationKey: [...scopeKey(scope), 'role-groups', 'preview'],
    mutationFn: ({
      roleGroupId,
      body,
      projectMemberUuids,
    }: {
      roleGroupId?: string | undefined;
      body: RoleGroupBody;
      projectMemberUuids?: string[] | undefined;
    }) => {
      const previewBody = roleGroupId ? { ...body, roleGroupId } : body;
      if (scope.kind === 'org') return callApi(previewOrgRoleGroup, { params: { orgId: scope.orgId }, body: previewBody });
      const projectBody = projectMemberUuids ? { ...previewBody, projectMemberUuids } : previewBody;
      return callApi(previewProjectRoleGroup, { params: { projectId: scope.projectId }, body: projectBody, projectId: scope.projectId });
    },
  });

export const useDeleteRoleGroupMutation = (scope: RoleGroupScope) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...scopeKey(scope), 'role-groups', 'delete'],
    mutationFn: (roleGroupId: string) =>
      scope.kind === 'org'
        ? callApi(deleteOrgRoleGroup, { params: { orgId: scope.orgId, roleGroupId } })
        : callApi(deleteProjectRoleGroup, { params: { projectId: scope.projectId, roleGroupId }, projectId: scope.projectId }),
    onSuccess: () => invalidate(queryClient, scope),
  });
};

/** Which members of the project hold a group (all or nothing on the server). */
export const useSetRoleGroupMembersMutation = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['project', projectId, 'role-groups', 'members'],
    mutationFn: ({ roleGroupId, projectMemberUuids }: { roleGroupId: string; projectMemberUuids: string[] }) =>
      callApi(setRoleGroupMembers, { params: { projectId, roleGroupId }, body: { projectMemberUuids }, projectId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['project', projectId] }),
  });
};
