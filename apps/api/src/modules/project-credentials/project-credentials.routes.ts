import { deleteProjectCredential, getRenewPeriods, issueProjectCredential, listProjectCredentials, updateRenewPeriods } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { ProjectCredentialsService } from './project-credentials.service.ts';
import { defineApiModule } from '../../platform/module.ts';
import { createProjectCredentialsService } from './project-credentials.service.ts';
import { defineRenewalReminderJob } from './renewal-reminders.ts';

function registerProjectCredentialRoutes(app: FastifyInstance, deps: { projectCredentials: ProjectCredentialsService }) {
  const { projectCredentials } = deps;
  registerEndpoint(app, getRenewPeriods, ({ params }) => projectCredentials.getRenewPeriods(params.orgId));
  registerEndpoint(app, updateRenewPeriods, ({ ctx, params, body }) => projectCredentials.updateRenewPeriods(ctx, params.orgId, body.renewPeriods));
  registerEndpoint(app, listProjectCredentials, ({ ctx }) => projectCredentials.list(ctx));
  registerEndpoint(app, issueProjectCredential, ({ ctx, body }) => projectCredentials.issue(ctx, body.kind));
  registerEndpoint(app, deleteProjectCredential, ({ ctx, params }) => projectCredentials.remove(ctx, params.credentialId));
}

/** Served through app.ts's scan of the modules (platform/module.ts). */
export const apiModule = defineApiModule((app, platform) => {
  registerProjectCredentialRoutes(app, { projectCredentials: createProjectCredentialsService(platform) });
  defineRenewalReminderJob(platform.jobs, { ...platform, publicUrl: platform.config.publicUrl });
});
