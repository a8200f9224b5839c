import { getSession, iamLogin, logout, memberLogin } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { registerEndpoint } from '../../platform/routes.ts';
import { clearSessionCookies, setSessionCookies } from '../../platform/session.ts';
import type { FailureThrottle } from '../../platform/throttle.ts';
import type { SignInService } from '../sign-in-security/sign-in.service.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService; config: AppConfig; throttle: FailureThrottle; signIn: SignInService }) {
  const { auth, config, throttle, signIn } = deps;
  const cookieOptions = { secure: config.cookieSecure };

  // Wrong passwords are counted per account and client IP: one person's typo never blocks another.
  registerEndpoint(app, memberLogin, async ({ ctx, body, reply }) => {
    const { issued, nextUrl } = await throttle.attempt(ctx, 'sign-in', `member:${body.email.toLowerCase()}`, ['INVALID_CREDENTIALS'], () =>
      auth.memberLogin(ctx, body),
    );
    setSessionCookies(reply, issued.token, issued.csrfToken, issued.expiresAt, cookieOptions);
    return { session: auth.session(issued.caller), nextUrl };
  });

  registerEndpoint(app, iamLogin, async ({ ctx, body, reply }) => {
    const account = `iam:${body.domain.toLowerCase()}:${body.userCode.toLowerCase()}`;
    // The account's own lock (login-fail setting, counted in PostgreSQL) is in signIn.iamLogin.
    const result = await throttle.attempt(ctx, 'sign-in', account, ['IAM_INVALID_CREDENTIALS'], () => signIn.iamLogin(ctx, body));
    return signIn.answer(reply, result);
  });

  registerEndpoint(app, logout, async ({ ctx, body, reply }) => {
    const returnUrl = await auth.logout(ctx.caller, body.returnUrl);
    clearSessionCookies(reply, cookieOptions);
    return { returnUrl };
  });

  registerEndpoint(app, getSession, async ({ ctx }) => ({ session: auth.session(ctx.caller) }));
}
