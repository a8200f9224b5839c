import {
  changePrivacyProtect,
  confirmBreakGlass,
  getCountryIpAcl,
  getIpAcl,
  getPrivacyProtect,
  isPrivacyAllowedIp,
  listBreakGlassEvents,
  listGovernances,
  previewLockout,
  requestBreakGlass,
  saveCountryIpAcl,
  saveGovernance,
  saveIpAcl,
} from '@console/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/routes.ts';
import type { CallerAddress, GovernanceService } from './governance.service.ts';
import type { NetworkGuard } from './network-guard.ts';

export function registerGovernanceRoutes(app: FastifyInstance, deps: { governance: GovernanceService; guard: NetworkGuard }) {
  const { governance, guard } = deps;
  app.decorate('networkGuard', guard);
  const whereOf = (ctx: RequestContext, request: FastifyRequest): CallerAddress => ({
    clientIp: ctx.clientIp,
    countryCode: guard.countryOfRequest(ctx.clientIp, request.headers),
  });

  registerEndpoint(app, listGovernances, ({ ctx, query }) => governance.listGovernances(ctx, query.uuid));
  registerEndpoint(app, saveGovernance, ({ ctx, request, body }) => governance.saveGovernance(ctx, whereOf(ctx, request), body));
  registerEndpoint(app, getIpAcl, ({ ctx, query }) => governance.getIpAcl(ctx, query.productId));
  registerEndpoint(app, saveIpAcl, ({ ctx, request, body }) => governance.saveIpAcl(ctx, whereOf(ctx, request), body));
  registerEndpoint(app, getCountryIpAcl, ({ ctx }) => governance.getCountryIpAcl(ctx));
  registerEndpoint(app, saveCountryIpAcl, ({ ctx, request, body }) => governance.saveCountryIpAcl(ctx, whereOf(ctx, request), body));
  registerEndpoint(app, getPrivacyProtect, ({ ctx }) => governance.getPrivacyProtect(ctx));
  registerEndpoint(app, changePrivacyProtect, ({ ctx, body }) => governance.changePrivacyProtect(ctx, body));
  registerEndpoint(app, isPrivacyAllowedIp, ({ ctx, body }) => governance.isPrivacyAllowedIp(ctx, body.clientIp), { readOnly: true });
  registerEndpoint(app, previewLockout, ({ ctx, request, body }) => governance.previewLockout(ctx, whereOf(ctx, request), body), { readOnly: true });
  registerEndpoint(app, requestBreakGlass, ({ ctx, params }) => governance.requestBreakGlass(ctx, params.orgId));
  registerEndpoint(app, confirmBreakGlass, ({ ctx, params, body }) => governance.confirmBreakGlass(ctx, params.orgId, body.code));
  registerEndpoint(app, listBreakGlassEvents, ({ ctx }) => governance.listBreakGlassEvents(ctx));
}
