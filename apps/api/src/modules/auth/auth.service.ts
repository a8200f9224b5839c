import { hash, verify } from '@node-rs/argon2';
import type { MemberLoginBodySchema, Session } from '@console/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Caller, RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { callerOf, hashToken, newSessionToken } from '../../platform/session.ts';
import { sessionRepository } from '../../platform/session.repository.ts';
import { authRepository } from './auth.repository.ts';

/**
 * Verifying against a real hash when the account does not exist keeps the answer time the same,
 * so the sign-in form does not tell which emails have accounts.
 */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hash(newSessionToken()));

export async function passwordMatches(passwordHash: string | null | undefined, password: string) {
  if (!passwordHash) {
    await verify(await decoy(), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export interface IssuedSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
  caller: Caller;
}

export function createAuthService(deps: { db: Database; config: AppConfig }) {
  const { db, config } = deps;

  /** A new session; an IAM account's idle timeout comes from its organization's session setting (modules/sign-in-security). */
  async function issueSession(
    ctx: RequestContext,
    who: { memberType: 'TOAST_CLOUD'; memberId: string } | { memberType: 'IAM'; iamMemberId: string; orgId: string; domain: string },
    options: { idleTimeoutMinutes?: number } = {},
  ): Promise<IssuedSession> {
    const now = ctx.now();
    const token = newSessionToken();
    const csrfToken = newSessionToken();
    await sessionRepository.insertSession(db, {
      tokenHash: hashToken(token),
      csrfToken,
      memberType: who.memberType,
      memberId: who.memberType === 'TOAST_CLOUD' ? who.memberId : null,
      iamMemberId: who.memberType === 'IAM' ? who.iamMemberId : null,
      orgId: who.memberType === 'IAM' ? who.orgId : null,
      domain: who.memberType === 'IAM' ? who.domain : null,
      clientIp: ctx.clientIp,
      userAgent: ctx.userAgent.slice(0, 500),
      idleTimeoutMinutes: options.idleTimeoutMinutes ?? config.sessionIdleMinutes,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + config.sessionMaxHours * 3_600_000),
    });
    const caller = callerOf((await sessionRepository.findSessionByTokenHash(db, hashToken(token)))!);
    return { token, csrfToken, expiresAt: caller.expiresAt, caller };
  }

  return {
    issueSession,

    async memberLogin(ctx: RequestContext, body: z.output<typeof MemberLoginBodySchema>) {
      const member = await authRepository.findMemberByEmail(db, body.email);
      if (!(await passwordMatches(member?.passwordHash, body.password)) || !member) {
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (member.status !== 'STABLE') throw new AppError('ACCOUNT_NOT_ACTIVE');
      // Spec §6 "CONSOLE_BLOCK blocks the console": an active account the console is closed to.
      if (member.restrictTypes.includes('CONSOLE_BLOCK')) throw new AppError('CONSOLE_BLOCKED');
      const issued = await issueSession(ctx, { memberType: 'TOAST_CLOUD', memberId: member.id });
      await authRepository.recordMemberLogin(db, member.id, ctx.now());
      return { issued, nextUrl: body.nextUrl ?? '/' };
    },

    async logout(caller: Caller, returnUrl: string | undefined) {
      await sessionRepository.deleteSession(db, caller.sessionId);
      if (returnUrl) return returnUrl;
      return caller.memberType === 'IAM' && caller.domain
        ? `/login?domain=${encodeURIComponent(caller.domain)}`
        : '/login';
    },

    /** The spec's Session of the caller (the request hook already read the account with the session). */
    session(caller: Caller): Session {
      const { profile } = caller;
      return {
        id: profile.id,
        userName: profile.name,
        email: profile.email,
        mobileNumber: profile.mobileNumber,
        bizMember: profile.bizMember,
        uuid: caller.uuid,
        country: profile.country,
        partnerOwner: profile.partnerOwner,
        memberType: caller.memberType,
        orgId: caller.orgId,
        domain: caller.domain,
        expiresAt: caller.expiresAt.toISOString(),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
