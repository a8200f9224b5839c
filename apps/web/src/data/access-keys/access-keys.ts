import type { AccessKeyStatus } from '@console/contracts/access-keys';
import {
  createUserAccessKey,
  deleteUserAccessKey,
  issueAccessToken,
  listAccessTokens,
  listUserAccessKeys,
  reissueUserAccessKeySecret,
  revokeAccessToken,
  updateUserAccessKey,
} from '@console/contracts/refs/access-keys';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';

/** Query keys: the caller's keys (personal, not of an organization); a project's credentials use data/endpoint.ts. */
export const accessKeyKeys = {
  all: ['access-keys'] as const,
  tokens: (keyId: string) => ['access-keys', keyId, 'tokens'] as const,
};

export const userAccessKeysQuery = () =>
  queryOptions({ queryKey: accessKeyKeys.all, queryFn: (context) => callApi(listUserAccessKeys, { ...fromQuery(context) }), staleTime: 0 });

export const accessTokensQuery = (keyId: string, page: number, limit: number) =>
  queryOptions({
    queryKey: [...accessKeyKeys.tokens(keyId), { page, limit }] as const,
    queryFn: (context) => callApi(listAccessTokens, { params: { userAccessKeyId: keyId }, query: { page, limit }, ...fromQuery(context) }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

function useKeysMutation<I, R>(run: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeyKeys.all }) });
}

export const useCreateKeyMutation = () => useKeysMutation(() => callApi(createUserAccessKey, { body: {} }));
export const useUpdateKeyMutation = () =>
  useKeysMutation((input: { keyId: string; status: AccessKeyStatus }) => callApi(updateUserAccessKey, { params: { userAccessKeyId: input.keyId }, body: { status: input.status } }));
export const useReissueKeyMutation = () => useKeysMutation((keyId: string) => callApi(reissueUserAccessKeySecret, { params: { userAccessKeyId: keyId } }));
export const useDeleteKeyMutation = () => useKeysMutation((keyId: string) => callApi(deleteUserAccessKey, { params: { userAccessKeyId: keyId } }));
export const useIssueTokenMutation = () =>
  useKeysMutation((input: { userAccessKeyId: string; secretAccessKey: string; expiresIn?: number }) => callApi(issueAccessToken, { body: input }));
export const useRevokeTokenMutation = (keyId: string) =>
  useKeysMutation((tokenId: string) => callApi(revokeAccessToken, { params: { userAccessKeyId: keyId, tokenId } }));
