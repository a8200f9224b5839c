import {
  createUserAccessKey,
  deleteUserAccessKey,
  issueAccessToken,
  listAccessTokens,
  listUserAccessKeys,
  reissueUserAccessKeySecret,
  revokeAccessToken,
  updateUserAccessKey,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { FailureThrottle } from '../../platform/throttle.ts';
import type { AccessKeysService } from './access-keys.service.ts';
import { defineApiModule } from '../../platform/module.ts';
import { createAccessKeysService } from './access-keys.service.ts';

function registerAccessKeyRoutes(app: FastifyInstance, deps: { accessKeys: AccessKeysService; throttle: FailureThrottle }) {
  const { accessKeys, throttle } = deps;
  registerEndpoint(app, listUserAccessKeys, ({ ctx }) => accessKeys.list(ctx));
  registerEndpoint(app, createUserAccessKey, ({ ctx, body }) => accessKeys.create(ctx, body?.tokenExpirySeconds));
  registerEndpoint(app, updateUserAccessKey, ({ ctx, params, body }) => accessKeys.update(ctx, params.userAccessKeyId, body));
  registerEndpoint(app, reissueUserAccessKeySecret, ({ ctx, params }) => accessKeys.reissueSecret(ctx, params.userAccessKeyId));
  registerEndpoint(app, deleteUserAccessKey, ({ ctx, params }) => accessKeys.remove(ctx, params.userAccessKeyId));
  registerEndpoint(app, listAccessTokens, ({ ctx, params, query }) => accessKeys.listTokens(ctx, params.userAccessKeyId, query.page, query.limit));
  registerEndpoint(app, revokeAccessToken, ({ ctx, params }) => accessKeys.revokeToken(ctx, params.userAccessKeyId, params.tokenId));
  // Guessing a secret is throttled like guessing a password: per key id and client IP.
  registerEndpoint(app, issueAccessToken, ({ ctx, body }) =>
    throttle.attempt(ctx, 'sign-in', `access-key:${body.userAccessKeyId}`, ['ACCESS_KEY_INVALID'], () => accessKeys.issueToken(ctx, body)),
  );
}

/** Served through app.ts's scan of the modules (platform/module.ts). */
export const apiModule = defineApiModule((app, platform) => registerAccessKeyRoutes(app, { accessKeys: createAccessKeysService(platform), throttle: platform.throttle }));
