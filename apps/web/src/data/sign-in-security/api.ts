import * as contracts from '@console/contracts/refs/sign-in-security';
import type { BodyOf } from '@console/contracts/endpoint';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';

/** Queries and mutations of sign-in security: the organization's IAM settings, one's own password and sessions. */
export const securityKeys = {
  settings: (orgId: string, name: string) => ['org', orgId, 'iam-settings', name] as const,
  ownSessions: (page: number) => ['self', 'sessions', page] as const,
  ownPasswordRule: ['self', 'password-rule'] as const,
  ownTotp: ['self', 'totp'] as const,
  member: (orgId: string, memberId: string) => ['org', orgId, 'iam-member-security', memberId] as const,
};

// ---- the authenticator and sessions: one's own, and an IAM account's for its admin ----
export const ownTotpQuery = () => queryOptions({ queryKey: securityKeys.ownTotp, queryFn: (c) => callApi(contracts.getOwnTotp, fromQuery(c)), select: (data) => data.totp });
export const useStartOwnTotp = () =>
  useMutation({ mutationKey: ['self', 'totp', 'start'], mutationFn: (body: BodyOf<typeof contracts.startOwnTotpEnrolment>) => callApi(contracts.startOwnTotpEnrolment, { body }) });
export const useConfirmOwnTotp = () => {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['self', 'totp', 'confirm'],
    mutationFn: (body: BodyOf<typeof contracts.confirmOwnTotpEnrolment>) => callApi(contracts.confirmOwnTotpEnrolment, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['self'] }),
  });
};
export const memberTotpQuery = (orgId: string, memberId: string) =>
  queryOptions({
    queryKey: [...securityKeys.member(orgId, memberId), 'totp'],
    queryFn: (c) => callApi(contracts.getIamMemberTotp, { params: { orgId, memberId }, ...fromQuery(c) }),
    select: (data) => data.totp,
  });
export const memberSessionsQuery = (orgId: string, memberId: string) =>
  queryOptions({
    queryKey: [...securityKeys.member(orgId, memberId), 'sessions'],
    queryFn: (c) => callApi(contracts.listIamMemberSessions, { params: { orgId, memberId }, ...fromQuery(c) }),
  });
export const useResetMemberTotp = (orgId: string, memberId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...securityKeys.member(orgId, memberId), 'reset-totp'],
    mutationFn: () => callApi(contracts.resetIamMemberTotp, { params: { orgId, memberId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.member(orgId, memberId) }),
  });
};
export const useEndMemberSessions = (orgId: string, memberId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...securityKeys.member(orgId, memberId), 'end-sessions'],
    mutationFn: () => callApi(contracts.endIamMemberSessions, { params: { orgId, memberId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.member(orgId, memberId) }),
  });
};

export const loginFailQuery = (orgId: string) =>
  queryOptions({ queryKey: securityKeys.settings(orgId, 'login-fail'), queryFn: (c) => callApi(contracts.getLoginFailSetting, { params: { orgId }, ...fromQuery(c) }) });
export const mfaQuery = (orgId: string) =>
  queryOptions({ queryKey: securityKeys.settings(orgId, 'mfa'), queryFn: (c) => callApi(contracts.getMfaSetting, { params: { orgId }, ...fromQuery(c) }) });
export const sessionSettingQuery = (orgId: string) =>
  queryOptions({ queryKey: securityKeys.settings(orgId, 'session'), queryFn: (c) => callApi(contracts.getSessionSetting, { params: { orgId }, ...fromQuery(c) }) });
export const passwordRuleQuery = (orgId: string) =>
  queryOptions({ queryKey: securityKeys.settings(orgId, 'password-rule'), queryFn: (c) => callApi(contracts.getPasswordRule, { params: { orgId }, ...fromQuery(c) }) });

export const ownSessionsQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: securityKeys.ownSessions(page),
    queryFn: (c) => callApi(contracts.listOwnSessions, { query: { page: page - 1, size }, ...fromQuery(c) }),
    placeholderData: keepPreviousData,
  });
export const ownPasswordRuleQuery = () =>
  queryOptions({ queryKey: securityKeys.ownPasswordRule, queryFn: (c) => callApi(contracts.getOwnPasswordRule, fromQuery(c)) });

function useSettingMutation<B>(orgId: string, name: string, run: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'iam-settings', name, 'update'],
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.settings(orgId, name) }),
  });
}

export const useUpdateLoginFail = (orgId: string) =>
  useSettingMutation(orgId, 'login-fail', (body: BodyOf<typeof contracts.updateLoginFailSetting>) => callApi(contracts.updateLoginFailSetting, { params: { orgId }, body }));
export const useUpdateMfa = (orgId: string) =>
  useSettingMutation(orgId, 'mfa', (body: BodyOf<typeof contracts.updateMfaSetting>) => callApi(contracts.updateMfaSetting, { params: { orgId }, body }));
export const useUpdateSessionSetting = (orgId: string) =>
  useSettingMutation(orgId, 'session', (body: BodyOf<typeof contracts.updateSessionSetting>) => callApi(contracts.updateSessionSetting, { params: { orgId }, body }));
export const useUpdatePasswordRule = (orgId: string) =>
  useSettingMutation(orgId, 'password-rule', (body: BodyOf<typeof contracts.updatePasswordRule>) => callApi(contracts.updatePasswordRule, { params: { orgId }, body }));

/** Who a proposed two-step or session rule affects (asked before saving either; nothing is saved). */
export const askSignInLockout = (orgId: string, body: BodyOf<typeof contracts.previewSignInLockout>) => callApi(contracts.previewSignInLockout, { params: { orgId }, body });

export const useChangeOwnPassword = () =>
  useMutation({ mutationKey: ['self', 'password'], mutationFn: (body: BodyOf<typeof contracts.changeOwnPassword>) => callApi(contracts.changeOwnPassword, { body }) });

export const useEndOwnSession = () => {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['self', 'sessions', 'end'],
    mutationFn: (sessionId: string) => callApi(contracts.endOwnSession, { params: { sessionId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['self', 'sessions'] }),
  });
};

// ---- the second step of an IAM sign-in (public calls) ----
export const useVerifySignInCode = () =>
  useMutation({ mutationKey: ['auth', 'login', 'verify'], mutationFn: (body: BodyOf<typeof contracts.verifySignInCode>) => callApi(contracts.verifySignInCode, { body }) });
export const useResendSignInCode = () =>
  useMutation({ mutationKey: ['auth', 'login', 'email-code'], mutationFn: (body: BodyOf<typeof contracts.resendSignInEmailCode>) => callApi(contracts.resendSignInEmailCode, { body }) });
export const useChangeSignInPassword = () =>
  useMutation({ mutationKey: ['auth', 'login', 'password'], mutationFn: (body: BodyOf<typeof contracts.changeExpiredPassword>) => callApi(contracts.changeExpiredPassword, { body }) });
