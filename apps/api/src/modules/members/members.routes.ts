import {
  acceptInvitation,
  cancelOrgInvitation,
  getCorporationProfile,
  getInvitation,
  getMemberContacts,
  getMemberExist,
  getMemberProfile,
  getOrgMember,
  inviteOrgMembers,
  listOrgInvitations,
  listOrgMembers,
  removeOrgMember,
  resendOrgInvitation,
  updateOrgMemberRoles,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { readAliasedHeader } from '../../platform/headers.ts';
import { registerEndpoint } from '../../platform/routes.ts';
import type { FailureThrottle } from '../../platform/throttle.ts';
import type { ContactsService } from './contacts.service.ts';
import type { InvitationsService } from './invitations.service.ts';
import type { MembersService } from './members.service.ts';

export function registerMemberRoutes(
  app: FastifyInstance,
  deps: { members: MembersService; invitations: InvitationsService; throttle: FailureThrottle; contacts: ContactsService },
) {
  const { members, invitations, throttle, contacts } = deps;

  registerEndpoint(app, listOrgMembers, ({ ctx, query }) =>
    members.list(ctx, { emailLike: query.emailLike, nameLike: query.nameLike }, query.sort, query.page, query.limit), { cache: true },
  );
  registerEndpoint(app, getOrgMember, ({ ctx, params }) => members.get(ctx, params.memberId), { cache: true });
  registerEndpoint(app, updateOrgMemberRoles, ({ ctx, params, body }) => members.updateRoles(ctx, params.memberId, body.orgRoleCodes));
  registerEndpoint(app, removeOrgMember, ({ ctx, params }) => members.remove(ctx, params.memberId));

  registerEndpoint(app, listOrgInvitations, ({ ctx, query }) =>
    invitations.list(ctx, { emailLike: query.emailLike, statuses: query.invitationStatuses }, query.page, query.limit),
  );
  registerEndpoint(app, inviteOrgMembers, ({ ctx, body }) => invitations.invite(ctx, body.emailList, body.orgRoleCodes));
  registerEndpoint(app, resendOrgInvitation, ({ ctx, params }) => invitations.resend(ctx, params.invitationId));
  registerEndpoint(app, cancelOrgInvitation, ({ ctx, params }) => invitations.cancel(ctx, params.invitationId));
  registerEndpoint(app, getInvitation, ({ ctx, params }) => invitations.byToken(ctx, params.token));
  // Public: unknown links are counted per client IP against guessing (a typo in the sign-up form is not).
  registerEndpoint(app, acceptInvitation, ({ ctx, params, body }) =>
    throttle.attempt(ctx, 'link', null, ['INVITATION_NOT_FOUND'], () => invitations.accept(ctx, params.token, body)),
  );

  // Spec §7 "field-filter header"; the web sends x-field-filter.
  registerEndpoint(app, getMemberProfile, ({ ctx, params, request }) =>
    members.profile(ctx, params.memberId, readAliasedHeader(request, 'fieldFilter', ctx.lang)),
  );
  registerEndpoint(app, getMemberExist, ({ ctx, params }) => members.exist(ctx, params.memberId));
  registerEndpoint(app, getCorporationProfile, ({ ctx, params }) => members.corporationProfile(ctx, params.memberId));
  registerEndpoint(app, getMemberContacts, ({ ctx, query }) => contacts.contacts(ctx, query.uuids));
}
