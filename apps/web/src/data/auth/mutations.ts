import { iamLogin, logout, memberLogin } from '@console/contracts/refs/auth';
import type { BodyOf } from '@console/contracts/endpoint';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';

export const useMemberLoginMutation = () =>
  useMutation({
    mutationKey: ['auth', 'login', 'member'],
    mutationFn: (body: BodyOf<typeof memberLogin>) => callApi(memberLogin, { body }),
  });

export const useIamLoginMutation = () =>
  useMutation({
    mutationKey: ['auth', 'login', 'iam'],
    mutationFn: (body: BodyOf<typeof iamLogin>) => callApi(iamLogin, { body }),
  });

export const useSignOutMutation = () =>
  useMutation({
    mutationKey: ['auth', 'logout'],
    mutationFn: (body: BodyOf<typeof logout> = {}) => callApi(logout, { body }),
  });

/** Signs out without the console's error routing (a page that goes on whatever the answer). */
export const signOutQuietly = () => callApi(logout, { body: {}, routeErrors: false });
