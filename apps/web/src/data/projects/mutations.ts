import type { BodyOf } from '@console/contracts/endpoint';
import type { Project } from '@console/contracts/organizations';
import { deleteProject, transferProjectOwnership, updateProject } from '@console/contracts/refs/projects';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { orgKeys } from '../organizations/keys.ts';
import { projectKeys } from './keys.ts';

export const useUpdateProjectMutation = (project: Pick<Project, 'projectId' | 'projectOrgId'>) => {
  const queryClient = useQueryClient();
  const { projectId, projectOrgId } = project;
  return useMutation({
    mutationKey: ['project', projectId, 'update'],
    mutationFn: (body: BodyOf<typeof updateProject>) =>
      callApi(updateProject, { params: { projectId }, body, projectId }),
    onSuccess: (answer) => {
      queryClient.setQueryData(projectKeys.detail(projectId), { project: answer.project });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.projects(projectOrgId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
      ]);
    },
  });
};

export const useDeleteProjectMutation = (projectId: string) =>
  useMutation({
    mutationKey: ['project', projectId, 'delete'],
    mutationFn: () => callApi(deleteProject, { params: { projectId }, projectId }),
  });

/**
 * Forgets a deleted project after its pages were left; its organization's lists are asked again.
 * Only data no page still watches is dropped: a page that has not unmounted yet would ask for
 * removed data again (and its PROJECT_NOT_EXIST would send the user home); the rest goes with the cache's gc.
 */
export async function forgetProject(queryClient: QueryClient, project: Pick<Project, 'projectId' | 'projectOrgId'>) {
  queryClient.removeQueries({ queryKey: projectKeys.detail(project.projectId), type: 'inactive' });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: orgKeys.projects(project.projectOrgId) }),
    // The organization's project count.
    queryClient.invalidateQueries({ queryKey: orgKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  ]);
}

/** Hands the project to another of its cloud members, who becomes its owner and ADMIN. */
export const useTransferProjectMutation = (project: Pick<Project, 'projectId' | 'projectOrgId'>) => {
  const queryClient = useQueryClient();
  const { projectId, projectOrgId } = project;
  return useMutation({
    mutationKey: ['project', projectId, 'owner'],
    mutationFn: (projectOwnerId: string) =>
      callApi(transferProjectOwnership, { params: { projectId }, body: { projectOwnerId }, projectId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
        queryClient.invalidateQueries({ queryKey: orgKeys.projects(projectOrgId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
      ]),
  });
};
