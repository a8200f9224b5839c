import { getSession, logout, memberLogin } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { registerEndpoint } from '../../platform/routes.ts';
import { clearSessionCookies, setSessionCookies } from '../../platform/session.ts';
import type { FailureThrottle } from '../../platform/throttle.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService; config: AppConfig; throttle: FailureThrottle }) {
  const { auth, config, throttle } = deps;
  const cookieOptions = { secure: config.cookieSecure };

  // IAM sign-in (with the account's lock and second step) is registered by sign-in-security.
  // Wrong passwords are counted per account and client IP: one person's typo never blocks another.
  registerEndpoint(app, memberLogin, async ({ ctx, body, reply }) => {
    const { issued, nextUrl } = await throttle.attempt(ctx, 'sign-in', `member:${body.email.toLowerCase()}`, ['INVALID_CREDENTIALS'], () =>
      auth.memberLogin(ctx, body),
    );
    setSessionCookies(reply, issued.token, issued.csrfToken, issued.expiresAt, cookieOptions);
    return { session: auth.session(issued.caller), nextUrl };
  });

  registerEndpoint(app, logout, async ({ ctx, body, reply }) => {
    const returnUrl = await auth.logout(ctx.caller, body.returnUrl);
    clearSessionCookies(reply, cookieOptions);
    return { returnUrl };
  });

  registerEndpoint(app, getSession, async ({ ctx }) => ({ session: auth.session(ctx.caller) }));
}
