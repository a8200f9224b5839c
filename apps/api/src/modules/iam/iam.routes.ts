import {
  completePasswordSetup,
  createIamMembers,
  deleteIamMember,
  getIamMember,
  getIamSelf,
  getPasswordSetup,
  listIamMembers,
  listIdProviders,
  sendPasswordSetupMail,
  updateIamMember,
  updateIamMemberStatus,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { FailureThrottle } from '../../platform/throttle.ts';
import type { IamService } from './iam.service.ts';
import { defineApiModule } from '../../platform/module.ts';
import { createIamService } from './iam.service.ts';

function registerIamRoutes(app: FastifyInstance, deps: { iam: IamService; throttle: FailureThrottle }) {
  const { iam, throttle } = deps;
  registerEndpoint(app, listIamMembers, ({ ctx, query }) =>
    iam.list(
      ctx,
      {
        statuses: query.statuses,
        userCode: query.userCode,
        userCodeLike: query.userCodeLike,
        nameLike: query.nameLike,
        emailLike: query.emailLike,
        sort: query.sort,
      },
      query.page,
      query.size,
    ),
  );
  registerEndpoint(app, createIamMembers, ({ ctx, body }) => iam.create(ctx, body.members));
  registerEndpoint(app, getIamMember, ({ ctx, params }) => iam.get(ctx, params.memberId));
  registerEndpoint(app, getIamSelf, ({ ctx }) => iam.self(ctx));
  registerEndpoint(app, updateIamMember, ({ ctx, params, body }) => iam.update(ctx, params.memberId, body));
  registerEndpoint(app, updateIamMemberStatus, ({ ctx, params, body }) => iam.setStatus(ctx, params.memberId, body.status));
  registerEndpoint(app, deleteIamMember, ({ ctx, params }) => iam.delete(ctx, params.memberId));
  registerEndpoint(app, sendPasswordSetupMail, ({ ctx, params, body }) => iam.sendPasswordSetupMail(ctx, params.memberId, body));
  registerEndpoint(app, getPasswordSetup, ({ ctx, params }) => iam.passwordSetup(ctx, params.token));
  // Public and sets a password: unusable links are counted per client IP against guessing (refused input is not).
  registerEndpoint(app, completePasswordSetup, ({ ctx, params, body }) =>
    throttle.attempt(ctx, 'link', null, ['PASSWORD_SETUP_LINK_INVALID'], () => iam.completePasswordSetup(ctx, params.token, body)),
  );
  registerEndpoint(app, listIdProviders, ({ ctx }) => iam.identityProviders(ctx));
}

/** Served through app.ts's scan of the modules (platform/module.ts). */
export const apiModule = defineApiModule((app, platform) => registerIamRoutes(app, { iam: createIamService(platform), throttle: platform.throttle }));
