import type { BodyOf } from '@console/contracts/endpoint';
import {
  completePasswordSetup,
  createIamMembers,
  deleteIamMember,
  sendPasswordSetupMail,
  updateIamMember,
  updateIamMemberStatus,
} from '@console/contracts/refs/iam';
import type { Locale } from '@console/contracts/locales';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { iamKeys } from './queries.ts';

const useIamMutation = <V, R>(orgId: string, name: string, run: (value: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'iam-members', name],
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: iamKeys.all(orgId) }),
  });
};

export const useCreateIamMemberMutation = (orgId: string) =>
  useIamMutation(orgId, 'create', (body: BodyOf<typeof createIamMembers>) => callApi(createIamMembers, { params: { orgId }, body }));

export const useUpdateIamMemberMutation = (orgId: string) =>
  useIamMutation(orgId, 'update', ({ memberId, body }: { memberId: string; body: BodyOf<typeof updateIamMember> }) =>
    callApi(updateIamMember, { params: { orgId, memberId }, body }),
  );

export const useIamMemberStatusMutation = (orgId: string) =>
  useIamMutation(orgId, 'status', ({ memberId, status }: { memberId: string; status: 'STABLE' | 'BLOCKED' }) =>
    callApi(updateIamMemberStatus, { params: { orgId, memberId }, body: { status } }),
  );

export const useDeleteIamMemberMutation = (orgId: string) =>
  useIamMutation(orgId, 'delete', (memberId: string) => callApi(deleteIamMember, { params: { orgId, memberId } }));

export const useSendPasswordSetupMailMutation = (orgId: string) =>
  useIamMutation(orgId, 'password-mail', ({ memberId, locale }: { memberId: string; locale: Locale }) =>
    callApi(sendPasswordSetupMail, { params: { orgId, memberId }, body: { locale } }),
  );

export const useCompletePasswordSetupMutation = (token: string) =>
  useMutation({
    mutationKey: ['public', 'password-setup', token, 'complete'],
    mutationFn: (body: BodyOf<typeof completePasswordSetup>) => callApi(completePasswordSetup, { params: { token }, body }),
  });
