import {
  CACHE_MAX_AGE_SECONDS,
  createOrganization,
  createOrgDomain,
  deleteOrganization,
  getClientIp,
  getOrganization,
  getOrgSelfRoles,
  getOrgMembersSummary,
  getOrgSupportTeam,
  searchOrgSupportTeamCandidates,
  updateOrgSupportTeam,
  listOrganizationInfos,
  listOrganizations,
  listOrgDomains,
  listRegions,
  transferOrganizationOwnership,
  updateOrganization,
  updateOrgDomain,
  updateOrgRegions,
  validateIpAcl,
  validateOrgDomain,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import { clientCountryOf } from './ip-acl.ts';
import type { OrganizationsService } from './organizations.service.ts';
import type { SupportTeamService } from './support-team.service.ts';

export function registerOrganizationRoutes(
  app: FastifyInstance,
  deps: { organizations: OrganizationsService; supportTeam: SupportTeamService; clientCountryHeader: string | undefined },
) {
  const { organizations, supportTeam, clientCountryHeader } = deps;
  registerEndpoint(app, listOrganizations, ({ ctx, query }) =>
    organizations.listOrganizations(ctx, query.page, query.limit),
  );
  registerEndpoint(app, listOrganizationInfos, ({ ctx, query }) =>
    organizations.listOrganizationInfos(ctx, query.page, query.limit),
  );
  registerEndpoint(app, getOrganization, async ({ ctx }) => ({ org: await organizations.getOrganization(ctx) }));
  registerEndpoint(app, createOrganization, ({ ctx, body }) => organizations.createOrganization(ctx, body.org.orgName));
  registerEndpoint(app, updateOrganization, ({ ctx, body }) =>
    organizations.updateOrganization(ctx, body.org.orgName, body.org.timeZone),
  );
  registerEndpoint(app, deleteOrganization, ({ ctx, body }) => organizations.deleteOrganization(ctx, body?.orgName));
  registerEndpoint(app, transferOrganizationOwnership, ({ ctx, body }) =>
    organizations.transferOwnership(ctx, body.ownerUuid),
  );

  registerEndpoint(app, listOrgDomains, ({ ctx }) => organizations.listDomains(ctx));
  registerEndpoint(app, createOrgDomain, ({ ctx, body }) => organizations.createDomain(ctx, body.domainName));
  registerEndpoint(app, updateOrgDomain, ({ ctx, params, body }) =>
    organizations.updateDomain(ctx, params.domainId, body.domainName),
  );
  registerEndpoint(app, validateOrgDomain, ({ ctx, body }) => organizations.validateDomain(ctx, body.domainName));

  registerEndpoint(app, listRegions, async ({ ctx, reply }) => {
    // Spec §7: regions are cached. Per user (private); the console asks again with
    // `cache-control: no-cache` after changing them.
    reply.header('cache-control', `private, max-age=${CACHE_MAX_AGE_SECONDS}`);
    reply.header('vary', 'cookie');
    return organizations.listRegions(ctx);
  });
  registerEndpoint(app, updateOrgRegions, ({ ctx, body }) => organizations.updateRegions(ctx, body.regionCodeList));
  registerEndpoint(app, validateIpAcl, ({ ctx }) => organizations.validateIpAcl(ctx), { networkRules: false });
  registerEndpoint(app, getClientIp, async ({ ctx, request }) => ({
    clientIp: ctx.clientIp,
    // The trusted proxy's header when configured, else the offline IP-to-country database (modules/governance).
    countryCode: app.hasDecorator('networkGuard')
      ? app.networkGuard.countryOfRequest(ctx.clientIp, request.headers)
      : clientCountryOf(request.headers, clientCountryHeader),
  }));
  registerEndpoint(app, getOrgSelfRoles, async ({ ctx }) => organizations.selfRoles(ctx));

  registerEndpoint(app, getOrgMembersSummary, ({ ctx }) => supportTeam.membersSummary(ctx));
  registerEndpoint(app, getOrgSupportTeam, ({ ctx }) => supportTeam.get(ctx));
  registerEndpoint(app, updateOrgSupportTeam, ({ ctx, body }) => supportTeam.update(ctx, body.members));
  registerEndpoint(app, searchOrgSupportTeamCandidates, ({ ctx, query }) =>
    supportTeam.candidates(ctx, query.keyword, query.limit),
  );
}
