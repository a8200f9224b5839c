import {
  createProjectAuthentication,
  deleteProjectAuthentication,
  disableProjectProduct,
  enableProjectProduct,
  regenerateSecretKey,
  updateProjectAuthentication,
} from '@console/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { productKeys } from './keys.ts';

export const useEnableProductMutation = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['project', projectId, 'services', 'enable'],
    mutationFn: (productId: string) => callApi(enableProjectProduct, { params: { projectId, productId }, projectId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.inUse(projectId) }),
  });
};

export const useDisableProductMutation = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['project', projectId, 'services', 'disable'],
    mutationFn: (productId: string) => callApi(disableProjectProduct, { params: { projectId, productId }, projectId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.inUse(projectId) }),
  });
};

export const useRegenerateSecretKeyMutation = (projectId: string, productId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['project', projectId, 'services', productId, 'secret-key'],
    mutationFn: (appKey: string) => callApi(regenerateSecretKey, { params: { appKey }, body: { appKey }, projectId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.product(projectId, productId) }),
  });
};

export const useCreateAuthenticationMutation = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['project', projectId, 'authentications', 'create'],
    mutationFn: (input: { authAlias: string; ipAclList: string[] }) =>
      callApi(createProjectAuthentication, { body: { authentication: { projectId, ...input } }, projectId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.authentications(projectId) }),
  });
};

export const useUpdateAuthenticationMutation = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['project', projectId, 'authentications', 'update'],
    mutationFn: (input: { authId: string; authStatus: 'STABLE' | 'STOP' }) =>
      callApi(updateProjectAuthentication, { params: { authId: input.authId }, body: { authentication: { authStatus: input.authStatus } }, projectId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.authentications(projectId) }),
  });
};

export const useDeleteAuthenticationMutation = (projectId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['project', projectId, 'authentications', 'delete'],
    mutationFn: (authId: string) => callApi(deleteProjectAuthentication, { params: { authId }, body: { uuid: projectId }, projectId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.authentications(projectId) }),
  });
};
