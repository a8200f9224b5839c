import {
  changeExpiredPassword,
  changeOwnPassword,
  confirmOwnTotpEnrolment,
  getIamMemberTotp,
  getOwnTotp,
  resetIamMemberTotp,
  startOwnTotpEnrolment,
  endIamMemberSessions,
  endOwnSession,
  getLoginFailSetting,
  getMfaSetting,
  getOwnPasswordRule,
  getPasswordRule,
  getSessionSetting,
  iamLogin,
  listIamMemberSessions,
  listOwnSessions,
  previewSignInLockout,
  resendSignInEmailCode,
  updateLoginFailSetting,
  updateMfaSetting,
  updatePasswordRule,
  updateSessionSetting,
  verifySignInCode,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { registerEndpoint } from '../../platform/routes.ts';
import { clearSessionCookies } from '../../platform/session.ts';
import type { FailureThrottle } from '../../platform/throttle.ts';
import type { SignInSecurityService } from './sign-in-security.service.ts';
import type { SignInService } from './sign-in.service.ts';

export function registerSignInSecurityRoutes(
  app: FastifyInstance,
  deps: { security: SignInSecurityService; signIn: SignInService; throttle: FailureThrottle; config: AppConfig },
) {
  const { security, signIn, throttle, config } = deps;

  // IAM sign-in: wrong passwords counted per account and client IP, as for members (auth.routes).
  registerEndpoint(app, iamLogin, async ({ ctx, body, reply }) => {
    const account = `iam:${body.domain.toLowerCase()}:${body.userCode.toLowerCase()}`;
    // The account's own lock (login-fail setting, counted in PostgreSQL) is in signIn.iamLogin.
    const result = await throttle.attempt(ctx, 'sign-in', account, ['IAM_INVALID_CREDENTIALS'], () => signIn.iamLogin(ctx, body));
    return signIn.answer(reply, result);
  });

  registerEndpoint(app, getLoginFailSetting, ({ ctx }) => security.loginFail(ctx));
  registerEndpoint(app, updateLoginFailSetting, ({ ctx, body }) => security.updateLoginFail(ctx, body));
  registerEndpoint(app, getMfaSetting, ({ ctx }) => security.mfa(ctx));
  registerEndpoint(app, updateMfaSetting, ({ ctx, body }) => security.updateMfa(ctx, body));
  registerEndpoint(app, getSessionSetting, ({ ctx }) => security.session(ctx));
  registerEndpoint(app, updateSessionSetting, ({ ctx, body }) => security.updateSession(ctx, body));
  registerEndpoint(app, previewSignInLockout, ({ ctx, body }) => security.previewLockout(ctx, body), { readOnly: true });
  registerEndpoint(app, getPasswordRule, ({ ctx }) => security.passwordRule(ctx));
  registerEndpoint(app, updatePasswordRule, ({ ctx, body }) => security.updatePasswordRule(ctx, body.value));

  // The second step of an IAM sign-in: unknown or used-up challenges count per client IP against guessing.
  registerEndpoint(app, verifySignInCode, async ({ ctx, body, reply }) => {
    const result = await throttle.attempt(ctx, 'link', null, ['SIGN_IN_CHALLENGE_INVALID'], () => signIn.verifyCode(ctx, body.challengeToken, body.code));
    return signIn.answer(reply, result);
  });
  registerEndpoint(app, resendSignInEmailCode, async ({ ctx, body }) => ({
    nextStep: await throttle.attempt(ctx, 'link', null, ['SIGN_IN_CHALLENGE_INVALID'], () => signIn.resendEmailCode(ctx, body.challengeToken)),
  }));
  registerEndpoint(app, changeExpiredPassword, async ({ ctx, body, reply }) => {
    const result = await throttle.attempt(ctx, 'link', null, ['SIGN_IN_CHALLENGE_INVALID'], () => signIn.changePassword(ctx, body.challengeToken, body));
    return signIn.answer(reply, result);
  });

  registerEndpoint(app, getOwnPasswordRule, ({ ctx }) => security.ownPasswordRule(ctx));
  registerEndpoint(app, changeOwnPassword, ({ ctx, body }) => security.changeOwnPassword(ctx, body));

  // The authenticator: one's own re-enrolment (current code first; wrong codes throttled like sign-in codes) and an admin's reset.
  registerEndpoint(app, getOwnTotp, ({ ctx }) => security.ownTotp(ctx));
  registerEndpoint(app, startOwnTotpEnrolment, ({ ctx, body }) => throttle.attempt(ctx, 'link', null, ['MFA_CODE_INVALID'], () => security.startOwnTotp(ctx, body.currentCode)));
  registerEndpoint(app, confirmOwnTotpEnrolment, ({ ctx, body }) => throttle.attempt(ctx, 'link', null, ['MFA_CODE_INVALID'], () => security.confirmOwnTotp(ctx, body.code)));
  registerEndpoint(app, getIamMemberTotp, ({ ctx, params }) => security.memberTotp(ctx, params.memberId));
  registerEndpoint(app, resetIamMemberTotp, ({ ctx, params }) => security.resetMemberTotp(ctx, params.memberId));

  registerEndpoint(app, listOwnSessions, ({ ctx, query }) => security.ownSessions(ctx, query.page, query.size));
  registerEndpoint(app, endOwnSession, async ({ ctx, params, reply }) => {
    const { ended, current } = await security.endOwnSession(ctx, params.sessionId);
    // Ending the session in use signs out: its cookies go too.
    if (current) clearSessionCookies(reply, { secure: config.cookieSecure });
    return { ended };
  });
  registerEndpoint(app, listIamMemberSessions, ({ ctx, params }) => security.memberSessions(ctx, params.memberId));
  registerEndpoint(app, endIamMemberSessions, ({ ctx, params }) => security.endMemberSessions(ctx, params.memberId));
}
