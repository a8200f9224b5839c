import { getSession } from '@console/contracts/auth';
import { acceptInvitation, getInvitation, type AcceptInvitationBodySchema } from '@console/contracts/members';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error.ts';
import { callApi, fromQuery } from '../../../shared/api/client.ts';

/**
 * Public pages (no session needed) ask under ['public', ...]: a sign-in keeps these. A failure
 * stays with the page (routeErrors false): a landing page explains it instead of moving away.
 */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['public', 'invitation', token] as const,
    queryFn: (context) => callApi(getInvitation, { params: { token }, routeErrors: false, ...fromQuery(context) }),
    select: (data) => data.invitation,
    retry: false,
  });

/** Who is signed in, if anyone: a signed-out visitor (100) is an answer here, not a reason to go to sign-in. */
export const sessionProbeQuery = () =>
  queryOptions({
    queryKey: ['public', 'session-probe'] as const,
    queryFn: async (context) => {
      try {
        const { session } = await callApi(getSession, { routeErrors: false, ...fromQuery(context) });
        return session;
      } catch (error) {
        if (isApiError(error) && (error.code === '100' || error.code === '5001')) return null;
        throw error;
      }
    },
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

/**
 * Accepts an invitation. Errors are routed as usual: a signed-out person whose account exists
 * gets 100 and goes to sign in, coming back to /invitation (the token waits in sessionStorage).
 */
export const useAcceptInvitationMutation = (token: string) =>
  useMutation({
    mutationKey: ['public', 'invitation', token, 'accept'],
    mutationFn: (body: z.input<typeof AcceptInvitationBodySchema>) => callApi(acceptInvitation, { params: { token }, body }),
  });
