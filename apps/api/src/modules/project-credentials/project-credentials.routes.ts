import { deleteProjectCredential, getRenewPeriods, issueProjectCredential, listProjectCredentials, updateRenewPeriods } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { ProjectCredentialsService } from './project-credentials.service.ts';

export function registerProjectCredentialRoutes(app: FastifyInstance, deps: { projectCredentials: ProjectCredentialsService }) {
  const { projectCredentials } = deps;
  registerEndpoint(app, getRenewPeriods, ({ params }) => projectCredentials.getRenewPeriods(params.orgId));
  registerEndpoint(app, updateRenewPeriods, ({ ctx, params, body }) => projectCredentials.updateRenewPeriods(ctx, params.orgId, body.renewPeriods));
  registerEndpoint(app, listProjectCredentials, ({ ctx }) => projectCredentials.list(ctx));
  registerEndpoint(app, issueProjectCredential, ({ ctx, body }) => projectCredentials.issue(ctx, body.kind));
  registerEndpoint(app, deleteProjectCredential, ({ ctx, params }) => projectCredentials.remove(ctx, params.credentialId));
}
