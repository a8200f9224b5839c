import { createHash, randomInt } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import {
  EMAIL_CODE_TTL_MINUTES,
  SIGN_IN_CHALLENGE_TTL_MINUTES,
  maskEmail,
  type IamLoginBodySchema,
  type SignInNextStep,
  type SignInStep,
} from '@console/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { iamMembers } from '../../db/schema/index.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mail.ts';
import { compileIpMatcher } from '../../platform/policy/ip.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { setSessionCookies } from '../../platform/session.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { authRepository } from '../auth/auth.repository.ts';
import { passwordMatches, type AuthService, type IssuedSession } from '../auth/auth.service.ts';
import { signInCodeMail } from './mail.ts';
import { checkNewPassword, passwordChangeReason, policyOf, type PasswordContext } from './passwords.ts';
import { settingsOf, type EffectiveSettings } from './settings.ts';
import { signInSecurityRepository as repo, type ChallengeRow } from './sign-in-security.repository.ts';
import { matchingTotpStep, newTotpSecret, otpauthUri } from './totp.ts';

type IamAccount = typeof iamMembers.$inferSelect;

/** A sign-in's outcome: a session, or the next step it needs. */
export type SignInResult = { issued: IssuedSession; returnUrl: string; nextStep: null } | { issued: null; returnUrl: string; nextStep: SignInNextStep };

const passwordContext = (account: IamAccount, settings: EffectiveSettings): PasswordContext => ({ account, policy: policyOf(settings) });

const TOTP_ISSUER = 'Cloud Console';
const codeHash = (challengeId: string, code: string) => createHash('sha256').update(`${challengeId}:${code}`).digest('hex');

/**
 * The IAM sign-in with the organization's sign-in security (spec §4, §5): the login-fail lock
 * (one counter in PostgreSQL for passwords and second-step codes; a locked account gets the
 * same answer as a wrong password; success resets it), two-step verification (TOTP with
 * enrolment at first sign-in, or a mailed code) unless the client IP bypasses it, and a password
 * change when the password expired or, with onLogin, breaks the policy. Then the session, with the
 * organization's idle timeout and at most multiSessionsLimit sessions (the oldest end).
 */
export function createSignInService(deps: { db: Database; config: AppConfig; auth: AuthService; mail: Mail; box: SecretBox }) {
  const { db, config, auth, mail, box } = deps;

  async function failure(account: IamAccount, settings: EffectiveSettings, now: Date) {
    if (settings.loginFail.enable) {
      await repo.recordFailure(db, account.id, settings.loginFail.loginFailCount, settings.loginFail.blockMinutes, now);
    }
  }

  async function isLocked(account: IamAccount, settings: EffectiveSettings, now: Date) {
    if (!settings.loginFail.enable) return false;
    const until = await repo.lockedUntil(db, account.id);
    return until !== null && until > now;
  }

  async function finish(ctx: RequestContext, account: IamAccount, domain: string, settings: EffectiveSettings, returnUrl: string): Promise<SignInResult> {
    const now = ctx.now();
    await repo.clearFailures(db, account.id);
    const issued = await auth.issueSession(
      ctx,
      { memberType: 'IAM', iamMemberId: account.id, orgId: account.orgId, domain },
      { idleTimeoutMinutes: settings.session.sessionTimeoutMinutes },
    );
    await repo.enforceSessionLimit(db, account.id, settings.session.multiSessionsLimit, now);
    await authRepository.recordIamLogin(db, account.id, now);
    return { issued, returnUrl, nextStep: null };
  }

  function nextStepOf(challenge: ChallengeRow, token: string, account: IamAccount, settings: EffectiveSettings): SignInNextStep {
    const step: SignInNextStep = { type: challenge.step, challengeToken: token, expiresAt: challenge.expiresAt.toISOString() };
    if (challenge.step === 'TOTP_ENROL') {
      const secret = box.open(challenge.pendingTotpSecret ?? '')!;
      step.totp = { secret, otpauthUri: otpauthUri(secret, TOTP_ISSUER, `${account.userCode}@${challenge.domain}`) };
    }
    if (challenge.step === 'EMAIL') step.maskedEmail = maskEmail(account.email);
    if (challenge.step === 'PASSWORD_CHANGE') step.passwordChange = { reason: challenge.passwordChangeReason ?? 'POLICY', policy: policyOf(settings) };
    return step;
  }

  /** Mails a new code for an EMAIL challenge (in the transaction that records its hash). */
  async function sendEmailCode(ctx: RequestContext, challenge: ChallengeRow, account: IamAccount) {
    const now = ctx.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000);
    await db.transaction(async (tx) => {
      await repo.updateChallenge(tx, challenge.id, { emailCodeHash: codeHash(challenge.id, code), emailCodeExpiresAt: expiresAt });
      await mail.enqueue(tx, signInCodeMail({ to: account.email, locale: ctx.locale, orgId: account.orgId, code, minutes: EMAIL_CODE_TTL_MINUTES }));
    });
  }

  async function startChallenge(
    ctx: RequestContext,
    account: IamAccount,
    domain: string,
    step: SignInStep,
    reason: 'EXPIRED' | 'POLICY' | null,
    settings: EffectiveSettings,
    returnUrl: string,
  ): Promise<SignInResult> {
    const now = ctx.now();
    const token = newToken();
    await repo.deleteStaleChallenges(db, account.id, now);
    const challenge = await repo.insertChallenge(db, {
      tokenHash: hashToken(token),
      iamMemberId: account.id,
      orgId: account.orgId,
      domain,
      step,
      passwordChangeReason: reason,
      pendingTotpSecret: step === 'TOTP_ENROL' ? box.seal(newTotpSecret()) : null,
      returnUrl,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_IN_CHALLENGE_TTL_MINUTES * 60_000),
    });
    if (step === 'EMAIL') await sendEmailCode(ctx, challenge, account);
    return { issued: null, returnUrl, nextStep: nextStepOf(challenge, token, account, settings) };
  }

  /** The challenge of a step, usable (else SIGN_IN_CHALLENGE_INVALID), with its account and settings. */
  async function openChallenge(ctx: RequestContext, token: string) {
    const now = ctx.now();
    const challenge = await repo.challenge(db, hashToken(token));
    if (!challenge || challenge.expiresAt <= now) throw new AppError('SIGN_IN_CHALLENGE_INVALID');
    const account = await repo.account(db, challenge.iamMemberId);
    if (!account || account.status !== 'STABLE' || account.orgId !== challenge.orgId) {
      await repo.deleteChallenge(db, challenge.id);
      throw new AppError('SIGN_IN_CHALLENGE_INVALID');
    }
    return { challenge, account, settings: await settingsOf(db, account.orgId, config.sessionIdleMinutes) };
  }

  return {
    async iamLogin(ctx: RequestContext, body: z.output<typeof IamLoginBodySchema>): Promise<SignInResult> {
      const now = ctx.now();
      const domain = await authRepository.findOrgIdByDomain(db, body.domain);
      if (!domain) throw new AppError('UNKNOWN_ORG_DOMAIN');
      const account = await authRepository.findIamMember(db, domain.orgId, body.userCode);
      const settings = await settingsOf(db, domain.orgId, config.sessionIdleMinutes);
      // The password is always verified (same time whether the account exists or is locked).
      const matches = await passwordMatches(account?.passwordHash, body.password);
      if (!account) throw new AppError('IAM_INVALID_CREDENTIALS');
      if (!matches) {
        await failure(account, settings, now);
        throw new AppError('IAM_INVALID_CREDENTIALS');
      }
      // Locked: the same answer as a wrong password, so a guesser cannot tell the lock from a miss.
      if (await isLocked(account, settings, now)) throw new AppError('IAM_INVALID_CREDENTIALS');
      if (account.status !== 'STABLE') throw new AppError('ACCOUNT_NOT_ACTIVE');
      const returnUrl = body.returnUrl ?? '/';
      const credentials = await repo.credentials(db, account.id);
      const bypassed = settings.mfa.bypassByIp.enable && compileIpMatcher(settings.mfa.bypassByIp.ipList)(ctx.clientIp);
      const reason = passwordChangeReason(settings, account, credentials, body.password, now);
      let step: SignInStep | null = null;
      if (settings.mfa.type === 'TOTP' && !bypassed) step = credentials?.totpSecret ? 'TOTP' : 'TOTP_ENROL';
      else if (settings.mfa.type === 'EMAIL' && !bypassed) step = 'EMAIL';
      else if (reason) step = 'PASSWORD_CHANGE';
      if (!step) return finish(ctx, account, domain.domainName, settings, returnUrl);
      return startChallenge(ctx, account, domain.domainName, step, reason, settings, returnUrl);
    },

    /** The second step's code: TOTP (±1 step, each step once), a new authenticator's first code, or the mailed code. */
    async verifyCode(ctx: RequestContext, token: string, code: string): Promise<SignInResult> {
      const now = ctx.now();
      const { challenge, account, settings } = await openChallenge(ctx, token);
      if (challenge.step === 'PASSWORD_CHANGE') throw new AppError('SIGN_IN_CHALLENGE_INVALID');
      let accepted = false;
      if (!(await isLocked(account, settings, now))) {
        const credentials = await repo.credentials(db, account.id);
        if (challenge.step === 'TOTP') {
          const secret = credentials?.totpSecret ? box.open(credentials.totpSecret) : undefined;
          const step = secret ? matchingTotpStep(secret, code, now, credentials!.totpLastStep) : undefined;
          accepted = step !== undefined && (await repo.takeTotpStep(db, account.id, step));
        } else if (challenge.step === 'TOTP_ENROL') {
          const secret = challenge.pendingTotpSecret ? box.open(challenge.pendingTotpSecret) : undefined;
          const step = secret ? matchingTotpStep(secret, code, now, credentials?.totpLastStep ?? 0) : undefined;
          if (step !== undefined) {
            await repo.saveCredentials(db, account.id, { totpSecret: challenge.pendingTotpSecret, totpEnrolledAt: now, totpLastStep: step });
            accepted = true;
          }
        } else {
          // Taken in one statement: a code is good once, before it expires, even in parallel.
          accepted = await repo.takeEmailCode(db, challenge.id, codeHash(challenge.id, code), now);
        }
        if (!accepted) await failure(account, settings, now);
      }
      if (!accepted) throw new AppError('MFA_CODE_INVALID');
      const returnUrl = challenge.returnUrl ?? '/';
      if (challenge.passwordChangeReason) {
        await repo.updateChallenge(db, challenge.id, { step: 'PASSWORD_CHANGE', pendingTotpSecret: null });
        return { issued: null, returnUrl, nextStep: nextStepOf({ ...challenge, step: 'PASSWORD_CHANGE' }, token, account, settings) };
      }
      await repo.deleteChallenge(db, challenge.id);
      return finish(ctx, account, challenge.domain, settings, returnUrl);
    },

    async resendEmailCode(ctx: RequestContext, token: string): Promise<SignInNextStep> {
      const { challenge, account, settings } = await openChallenge(ctx, token);
      if (challenge.step !== 'EMAIL') throw new AppError('SIGN_IN_CHALLENGE_INVALID');
      await sendEmailCode(ctx, challenge, account);
      return nextStepOf(challenge, token, account, settings);
    },

    /** The new password of a sign-in that must change it; then the session. */
    async changePassword(ctx: RequestContext, token: string, body: { password: string; passwordConfirm: string }): Promise<SignInResult> {
      const now = ctx.now();
      const { challenge, account, settings } = await openChallenge(ctx, token);
      if (challenge.step !== 'PASSWORD_CHANGE') throw new AppError('SIGN_IN_CHALLENGE_INVALID');
      const hash = await checkNewPassword(db, ctx, passwordContext(account, settings), body);
      await db.transaction(async (tx) => {
        await repo.setPassword(tx, account.id, account.passwordHash, hash, now, 3);
        await repo.revokeIamSessions(tx, account.orgId, account.id, now);
        await repo.deleteChallenge(tx, challenge.id);
      });
      return finish(ctx, account, challenge.domain, settings, challenge.returnUrl ?? '/');
    },

    /** Answers a sign-in's result: cookies when it has a session. */
    answer(reply: FastifyReply, result: SignInResult) {
      if (!result.issued) return { session: null, returnUrl: result.returnUrl, nextStep: result.nextStep };
      setSessionCookies(reply, result.issued.token, result.issued.csrfToken, result.issued.expiresAt, { secure: config.cookieSecure });
      return { session: auth.session(result.issued.caller), returnUrl: result.returnUrl, nextStep: null };
    },

    /** Whether a password is the account's (for the self-service change). */
    verifyPassword: (hash: string | null, password: string) => (hash ? verify(hash, password).catch(() => false) : Promise.resolve(false)),
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
