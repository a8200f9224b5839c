import { getSession, iamLogin, logout, memberLogin } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { registerEndpoint } from '../../platform/routes.ts';
import { clearSessionCookies, setSessionCookies } from '../../platform/session.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService; config: AppConfig }) {
  const { auth, config } = deps;
  const cookieOptions = { secure: config.cookieSecure };
  // Per client IP: slows password guessing without locking anyone out (lockout is per account).
  const loginRateLimit = {
    rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 },
  };

  registerEndpoint(
    app,
    memberLogin,
    async ({ ctx, body, reply }) => {
      const { issued, nextUrl } = await auth.memberLogin(ctx, body);
      setSessionCookies(reply, issued.token, issued.csrfToken, issued.expiresAt, cookieOptions);
      return { session: auth.session(issued.caller), nextUrl };
    },
    { config: loginRateLimit },
  );

  registerEndpoint(
    app,
    iamLogin,
    async ({ ctx, body, reply }) => {
      const { issued, returnUrl } = await auth.iamLogin(ctx, body);
      setSessionCookies(reply, issued.token, issued.csrfToken, issued.expiresAt, cookieOptions);
      return { session: auth.session(issued.caller), returnUrl };
    },
    { config: loginRateLimit },
  );

  registerEndpoint(app, logout, async ({ ctx, body, reply }) => {
    const returnUrl = await auth.logout(ctx.caller!, body.returnUrl);
    clearSessionCookies(reply, cookieOptions);
    return { returnUrl };
  });

  registerEndpoint(app, getSession, async ({ ctx }) => ({ session: auth.session(ctx.caller!) }));
}
