import {
  createProjectAuthentication,
  deleteProjectAuthentication,
  regenerateSecretKey,
  updateProjectAuthentication,
} from '@console/contracts/refs/product-keys';
import {
  disableProjectProduct,
  disableOrgProduct,
  enableOrgProduct,
  enableProjectProduct,
  setSaasMemberRole,
  setSaasOwner,
} from '@console/contracts/refs/product-enablement';
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
    mutationFn: ({ authId, ...authentication }: { authId: string; authStatus?: 'STABLE' | 'STOP'; authAlias?: string; ipAclList?: string[] }) =>
      callApi(updateProjectAuthentication, { params: { authId }, body: { authentication }, projectId }),
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

/** Enables an organization service with its SaaS OWNER. */
export const useEnableOrgProductMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'services', 'enable'],
    mutationFn: (input: { productId: string; saasOwnerUuid: string }) =>
      callApi(enableOrgProduct, { params: { orgId, productId: input.productId }, body: { saasOwnerUuid: input.saasOwnerUuid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['org', orgId, 'services'] }),
  });
};

/** Disables an organization service (its Appkey and SaaS members go). */
export const useDisableOrgProductMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'services', 'disable'],
    mutationFn: (productId: string) => callApi(disableOrgProduct, { params: { orgId, productId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['org', orgId, 'services'] }),
  });
};

/** Gives an organization member a role in a SaaS product (NONE takes them out). */
export const useSetSaasRoleMutation = (orgId: string, productId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'services', productId, 'set-role'],
    mutationFn: (input: { memberId: string; role: 'ADMIN' | 'MEMBER' | 'VIEWER' | 'NONE' }) =>
      callApi(setSaasMemberRole, { params: { orgId, memberId: input.memberId }, body: { productId, role: input.role } }),
    // The service (the caller's own SaaS role, which opens its page) and its members.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.orgProduct(orgId, productId) }),
  });
};

/** Makes an organization member the SaaS OWNER (the former OWNER becomes ADMIN). */
export const useSetSaasOwnerMutation = (orgId: string, productId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'services', productId, 'set-owner'],
    mutationFn: (memberId: string) => callApi(setSaasOwner, { params: { orgId, memberId }, body: { productId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['org', orgId, 'services'] }),
  });
};

/** A new SecretKey for an organization service's Appkey. */
export const useRegenerateOrgSecretKeyMutation = (orgId: string, productId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'services', productId, 'secret-key'],
    mutationFn: (appKey: string) => callApi(regenerateSecretKey, { params: { appKey }, body: { appKey } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.orgProduct(orgId, productId) }),
  });
};
