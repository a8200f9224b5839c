import type { AcceptInvitationBodySchema } from '@console/contracts/members';
import { acceptInvitation, getInvitation } from '@console/contracts/refs/members';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi, fromQuery } from '../../shared/api/client.ts';

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

/**
 * Accepts an invitation. Errors are routed as usual: a signed-out person whose account exists
 * gets 100 and goes to sign in, coming back to /invitation (the token waits in sessionStorage).
 */
export const useAcceptInvitationMutation = (token: string) =>
  useMutation({
    mutationKey: ['public', 'invitation', token, 'accept'],
    mutationFn: (body: z.input<typeof AcceptInvitationBodySchema>) => callApi(acceptInvitation, { params: { token }, body }),
  });
