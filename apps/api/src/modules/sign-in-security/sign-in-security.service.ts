import {
  DEFAULT_PASSWORD_POLICY,
  effectivePolicy,
  LOGIN_FAIL_BLOCK_MAX,
  LOGIN_FAIL_BLOCK_MIN,
  LOGIN_FAIL_COUNT_MAX,
  LOGIN_FAIL_COUNT_MIN,
  MULTI_SESSIONS_MAX,
  MULTI_SESSIONS_MIN,
  POLICY_EXPIRY_MAX,
  POLICY_EXPIRY_MIN,
  POLICY_MIN_LENGTH_MAX,
  POLICY_MIN_LENGTH_MIN,
  POLICY_REUSE_MAX,
  POLICY_REUSE_MIN,
  SESSION_TIMEOUT_MAX,
  SESSION_TIMEOUT_MIN,
  maskEmail,
  maskName,
  MemberEmailSchema,
  validationMessage,
  type ActiveSession,
  type BodyOf,
  type FieldError,
  type MfaType,
  type PasswordPolicyValue,
  type SignInImpact,
  type SignInLockoutPreviewBodySchema,
  type updatePasswordRule,
  type ValidationMessageKey,
} from '@console/contracts';
import { verify } from '@node-rs/argon2';
import type { Database } from '../../db/client.ts';
import { grantOf, type RequestContext, type SignedInContext } from '../../platform/context.ts';
import { AppError, invalidFields } from '../../platform/errors.ts';
import { compileIpMatcher } from '../../platform/policy/ip.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { sessionEndsAt } from '../../platform/session.ts';
import { checkNewPassword, passwordExpiresAt, policyOf } from './passwords.ts';
import { settingsOf } from './settings.ts';
import { signInSecurityRepository as repo, type SessionOwner } from './sign-in-security.repository.ts';
import { matchingTotpStep, newTotpSecret, otpauthUri } from './totp.ts';

/** The issuer an authenticator app shows (as at sign-in); a new authenticator is confirmed within 10 minutes. */
const TOTP_ISSUER = 'Cloud Console';
const TOTP_ENROL_MINUTES = 10;
const totpStatus = (credentials: { totpSecret: string | null; totpEnrolledAt: Date | null } | undefined) => ({
  totp: { enrolled: Boolean(credentials?.totpSecret), enrolledAt: credentials?.totpSecret ? (credentials.totpEnrolledAt?.toISOString() ?? null) : null },
});

const IPV4_CIDR = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}(\/(3[0-2]|[12]?\d))?$/;

type Loose = number | null | undefined;
type PolicyBody = BodyOf<typeof updatePasswordRule>['value'];
type LockoutProposal = import('zod').infer<typeof SignInLockoutPreviewBodySchema>;
/** At most this many accounts are listed by the lockout preview (the count says how many were checked). */
const PREVIEW_LIST_MAX = 500;

/** A number of a settings form: required, within [min, max]; its problem as a field error, if any. */
function rangeProblem(ctx: RequestContext, field: string, value: Loose, min: number, max: number, required: ValidationMessageKey, range: ValidationMessageKey): FieldError | undefined {
  if (value === null || value === undefined) return { field, message: validationMessage(required, ctx.lang) };
  if (value < min || value > max) return { field, message: validationMessage(range, ctx.lang) };
  return undefined;
}

function toActiveSession(row: Parameters<typeof sessionEndsAt>[0] & { id: string; clientIp: string; userAgent: string; createdAt: Date }, currentId: string): ActiveSession {
  return {
    sessionId: row.id,
    clientIp: row.clientIp,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    endsAt: sessionEndsAt(row).toISOString(),
    current: row.id === currentId,
  };
}

const ownerOf = (ctx: SignedInContext): SessionOwner =>
  ctx.caller.memberType === 'IAM' ? { memberType: 'IAM', iamMemberId: ctx.caller.uuid } : { memberType: 'TOAST_CLOUD', memberId: ctx.caller.uuid };
const policyAnswer = (value: PasswordPolicyValue | null) => ({ schemaVersion: 1, value: value ?? DEFAULT_PASSWORD_POLICY });
const policyField = (name: string) => `body.value.${name}`;

/**
 * The organization's IAM sign-in security settings (spec §7 "IAM v4" settings; permissions
 * Organization.Setting.Iam.Get / Update), the IAM account's own password, and sessions: one's own
 * (any signed-in person) and an IAM account's (Organization.Member.Iam.Get / Update).
 */
export function createSignInSecurityService(deps: { db: Database; defaultTimeoutMinutes: number; box: SecretBox }) {
  const { db, defaultTimeoutMinutes, box } = deps;


  async function ownAccount(ctx: SignedInContext) {
    if (ctx.caller.memberType !== 'IAM' || !ctx.caller.orgId) throw new AppError('IAM_MEMBER_NOT_FOUND');
    const account = await repo.account(db, ctx.caller.uuid);
    if (!account || account.orgId !== ctx.caller.orgId) throw new AppError('IAM_MEMBER_NOT_FOUND');
    return account;
  }


  return {
    async loginFail(ctx: RequestContext) {
      return { securityLoginFail: (await settingsOf(db, grantOf(ctx).orgId, defaultTimeoutMinutes)).loginFail };
    },

    async updateLoginFail(ctx: RequestContext, body: { enable: boolean; loginFailCount?: Loose; blockMinutes?: Loose }) {
      const { orgId } = grantOf(ctx);
      const count = rangeProblem(ctx, 'body.loginFailCount', body.loginFailCount, LOGIN_FAIL_COUNT_MIN, LOGIN_FAIL_COUNT_MAX, 'validation.loginFail.countRequired', 'validation.loginFail.countRange');
      const block = rangeProblem(ctx, 'body.blockMinutes', body.blockMinutes, LOGIN_FAIL_BLOCK_MIN, LOGIN_FAIL_BLOCK_MAX, 'validation.loginFail.blockRequired', 'validation.loginFail.blockRange');
      const problems = [count, block].filter((problem): problem is FieldError => problem !== undefined);
      // A count out of range answers the server's own text (spec §5); other problems the usual 10001.
      if (count && body.loginFailCount !== null && body.loginFailCount !== undefined) throw new AppError('LOGIN_FAIL_LIMIT_RANGE', { fieldErrors: problems });
      if (problems.length > 0) throw invalidFields(...problems);
      const row = await repo.saveSettings(db, orgId, { loginFailEnabled: body.enable, loginFailCount: body.loginFailCount!, loginFailBlockMinutes: body.blockMinutes! }, ctx.now());
      return { securityLoginFail: { enable: row.loginFailEnabled, loginFailCount: row.loginFailCount, blockMinutes: row.loginFailBlockMinutes } };
    },

    async mfa(ctx: RequestContext) {
      return { securityMfa: (await settingsOf(db, grantOf(ctx).orgId, defaultTimeoutMinutes)).mfa };
    },

    async updateMfa(ctx: RequestContext, body: { type: MfaType; bypassByIp: { enable: boolean; ipList: string[] } }) {
      const { orgId } = grantOf(ctx);
      const problems: FieldError[] = [];
      const seen = new Set<string>();
      const ips = body.bypassByIp.ipList.map((ip) => ip.trim());
      ips.forEach((ip, index) => {
        const field = `body.bypassByIp.ipList.${index}`;
        if (!IPV4_CIDR.test(ip)) problems.push({ field, message: validationMessage('validation.mfa.ipFormat', ctx.lang) });
        else if (seen.has(ip)) problems.push({ field, message: validationMessage('validation.mfa.ipDuplicate', ctx.lang) });
        seen.add(ip);
      });
      if (body.bypassByIp.enable && ips.length === 0) problems.push({ field: 'body.bypassByIp.ipList', message: validationMessage('validation.mfa.ipRequired', ctx.lang) });
      if (problems.length > 0) throw invalidFields(...problems);
      const row = await repo.saveSettings(db, orgId, { mfaType: body.type, mfaBypassEnabled: body.bypassByIp.enable, mfaBypassIps: ips }, ctx.now());
      return { securityMfa: { type: row.mfaType, bypassByIp: { enable: row.mfaBypassEnabled, ipList: row.mfaBypassIps } } };
    },

    async session(ctx: RequestContext) {
      return { session: (await settingsOf(db, grantOf(ctx).orgId, defaultTimeoutMinutes)).session };
    },

    /** Saves the session setting; the organization's open IAM sessions take the new timeout at once. */
    async updateSession(ctx: RequestContext, body: { multiSessionsLimit?: Loose; sessionTimeoutMinutes?: Loose; confirmLockout?: string | undefined }) {
      const { orgId } = grantOf(ctx);
      const problems = [
        rangeProblem(ctx, 'body.multiSessionsLimit', body.multiSessionsLimit, MULTI_SESSIONS_MIN, MULTI_SESSIONS_MAX, 'validation.session.required', 'validation.session.limitRange'),
        rangeProblem(ctx, 'body.sessionTimeoutMinutes', body.sessionTimeoutMinutes, SESSION_TIMEOUT_MIN, SESSION_TIMEOUT_MAX, 'validation.session.required', 'validation.session.timeoutRange'),
      ].filter((problem): problem is FieldError => problem !== undefined);
      if (problems.length > 0) throw new AppError('SESSION_SETTING_INVALID', { fieldErrors: problems });
      const now = ctx.now();
      const row = await db.transaction(async (tx) => {
        // Sessions beyond the new limit end at once, as the preview said (the oldest first).
        const ending = await repo.sessionsEndingUnder(tx, orgId, body.multiSessionsLimit!, body.sessionTimeoutMinutes!, now);
        const ownSession = ctx.caller?.sessionId;
        if (ownSession && ending.some((session) => session.sessionId === ownSession)) {
          const orgName = await repo.orgName(tx, orgId);
          if (body.confirmLockout?.trim() !== orgName) throw new AppError('SIGN_IN_LOCKOUT_CONFIRMATION_REQUIRED', { extra: { confirmationText: orgName } });
        }
        const saved = await repo.saveSettings(tx, orgId, { multiSessionsLimit: body.multiSessionsLimit!, sessionTimeoutMinutes: body.sessionTimeoutMinutes! }, now);
        await repo.revokeSessions(tx, ending.map((session) => session.sessionId), now);
        await repo.setOrgSessionTimeout(tx, orgId, saved.sessionTimeoutMinutes);
        return saved;
      });
      return { session: { multiSessionsLimit: row.multiSessionsLimit, sessionTimeoutMinutes: row.sessionTimeoutMinutes } };
    },

    /**
     * The lockout-safe editor's question: who a proposed two-step or session rule affects, the
     * caller first. Nothing is saved. Two-step: accounts whose next sign-in (from their latest
     * address, unless it is a bypass IP) asks for an authenticator they have not set up, or for a
     * mailed code. Sessions: open sessions that end at once (updateSession ends exactly these).
     */
    async previewLockout(ctx: SignedInContext, proposal: LockoutProposal) {
      const grant = grantOf(ctx);
      const { orgId } = grant;
      const now = ctx.now();
      // Privacy protection (governance) masks others' data from an address not on its list.
      const plain = (grant.view.has('Organization.Member.Iam.Get') || grant.view.has('Organization.Member.List')) && !ctx.caller.privacyProtected;
      const selfApplies = ctx.caller.memberType === 'IAM' && ctx.caller.orgId === orgId;
      const members: { iamMemberId: string; userCode: string; name: string; email: string; impact: SignInImpact; sessionsEnding: number }[] = [];
      const person = (row: { id: string; userCode: string; name: string; email: string }) => {
        const self = selfApplies && row.id === ctx.caller.uuid;
        return { iamMemberId: row.id, userCode: row.userCode, name: plain || self ? row.name : maskName(row.name), email: plain || self ? row.email : maskEmail(row.email) };
      };
      let selfImpact: SignInImpact | null = null;
      let lockedOut = false;
      let checkedMembers: number;
      let lockedOutMembers = 0;

      if (proposal.rule === 'MFA') {
        const bypass = proposal.bypassByIp.enable ? compileIpMatcher(proposal.bypassByIp.ipList.map((ip) => ip.trim())) : () => false;
        const impactAt = (totp: boolean, email: string, address: string | null): SignInImpact | null => {
          if (proposal.type === 'NONE' || (address !== null && bypass(address))) return null;
          // A mailed code needs an address to go to: without one, the account cannot sign in at all.
          if (proposal.type === 'EMAIL') return MemberEmailSchema.safeParse(email).success ? 'EMAIL_CODE' : 'NO_EMAIL_ADDRESS';
          return totp ? null : 'MUST_ENROL_TOTP';
        };
        const accounts = await repo.iamAccountsForMfa(db, orgId);
        checkedMembers = accounts.length;
        for (const account of accounts) {
          const self = selfApplies && account.id === ctx.caller.uuid;
          const impact = impactAt(account.totp, account.email, self ? ctx.clientIp : account.last_ip);
          if (self) selfImpact = impact;
          if (impact === 'NO_EMAIL_ADDRESS') lockedOutMembers += 1;
          if (impact && members.length < PREVIEW_LIST_MAX) members.push({ ...person({ id: account.id, userCode: account.user_code, name: account.name, email: account.email }), impact, sessionsEnding: 0 });
        }
      } else {
        const ending = await repo.sessionsEndingUnder(db, orgId, proposal.multiSessionsLimit, proposal.sessionTimeoutMinutes, now);
        const byMember = new Map<string, number>();
        for (const session of ending) byMember.set(session.iamMemberId, (byMember.get(session.iamMemberId) ?? 0) + 1);
        checkedMembers = (await repo.iamAccountsForMfa(db, orgId)).length;
        lockedOut = ending.some((session) => session.sessionId === ctx.caller.sessionId);
        if (selfApplies && byMember.has(ctx.caller.uuid)) selfImpact = 'SESSIONS_END';
        const accounts = await repo.iamAccountsByIds(db, [...byMember.keys()].slice(0, PREVIEW_LIST_MAX));
        for (const account of accounts.sort((a, b) => a.userCode.localeCompare(b.userCode))) {
          members.push({ ...person(account), impact: 'SESSIONS_END', sessionsEnding: byMember.get(account.id) ?? 0 });
        }
      }
      // The caller first.
      members.sort((a, b) => Number(b.iamMemberId === ctx.caller.uuid) - Number(a.iamMemberId === ctx.caller.uuid));
      return {
        self: { applies: selfApplies, impact: selfImpact, lockedOut },
        members,
        checkedMembers,
        lockedOutMembers,
        confirmationText: await repo.orgName(db, orgId),
      };
    },

    async passwordRule(ctx: RequestContext) {
      return { passwordRule: policyAnswer((await settingsOf(db, grantOf(ctx).orgId, defaultTimeoutMinutes)).passwordPolicy) };
    },

    /** Saves the policy; any problem answers 'Fail to save Iam Password Policy' with the fields at fault. */
    async updatePasswordRule(ctx: RequestContext, value: PolicyBody) {
      const { orgId } = grantOf(ctx);
      if (value.passwordPolicyType === 'default') {
        await repo.saveSettings(db, orgId, { passwordPolicy: null, passwordPolicyAt: ctx.now() }, ctx.now());
        return { passwordRule: policyAnswer(null) };
      }
      const problems = [
        rangeProblem(ctx, policyField('passwordConstraints.minLength'), value.passwordConstraints.minLength, POLICY_MIN_LENGTH_MIN, POLICY_MIN_LENGTH_MAX, 'validation.session.required', 'validation.policy.minLengthRange'),
        value.passwordExpiry.enable
          ? rangeProblem(ctx, policyField('passwordExpiry.days'), value.passwordExpiry.days, POLICY_EXPIRY_MIN, POLICY_EXPIRY_MAX, 'validation.session.required', 'validation.policy.expiryRange')
          : undefined,
        value.limitPasswordReuse.enable
          ? rangeProblem(ctx, policyField('limitPasswordReuse.count'), value.limitPasswordReuse.count, POLICY_REUSE_MIN, POLICY_REUSE_MAX, 'validation.session.required', 'validation.policy.reuseRange')
          : undefined,
      ].filter((problem): problem is FieldError => problem !== undefined);
      if (problems.length > 0) throw new AppError('IAM_PASSWORD_POLICY_SAVE_FAILED', { fieldErrors: problems });
      const policy: PasswordPolicyValue = {
        passwordPolicyType: 'custom',
        passwordConstraints: { ...value.passwordConstraints, minLength: value.passwordConstraints.minLength! },
        passwordExpiry: { enable: value.passwordExpiry.enable, days: value.passwordExpiry.days ?? DEFAULT_PASSWORD_POLICY.passwordExpiry.days },
        limitPasswordReuse: { enable: value.limitPasswordReuse.enable, count: value.limitPasswordReuse.count ?? DEFAULT_PASSWORD_POLICY.limitPasswordReuse.count },
        applicationRuleType: value.applicationRuleType,
      };
      await repo.saveSettings(db, orgId, { passwordPolicy: policy, passwordPolicyAt: ctx.now() }, ctx.now());
      return { passwordRule: policyAnswer(policy) };
    },

    // ---- the IAM account's own password ----
    async ownPasswordRule(ctx: SignedInContext) {
      const account = await ownAccount(ctx);
      const settings = await settingsOf(db, account.orgId, defaultTimeoutMinutes);
      const credentials = await repo.credentials(db, account.id);
      const expiresAt = passwordExpiresAt(settings, account, credentials);
      return {
        policy: effectivePolicy(settings.passwordPolicy),
        passwordChangedAt: (credentials?.passwordChangedAt ?? null)?.toISOString() ?? null,
        passwordExpiresAt: expiresAt?.toISOString() ?? null,
      };
    },

    /** Changes the caller's password: the current one checked, the policy, no reuse; the caller's other sessions end. */
    async changeOwnPassword(ctx: SignedInContext, body: { currentPassword: string; password: string; passwordConfirm: string }) {
      const account = await ownAccount(ctx);
      const current = account.passwordHash ? await verify(account.passwordHash, body.currentPassword).catch(() => false) : false;
      if (!current) throw invalidFields({ field: 'body.currentPassword', message: validationMessage('validation.password.currentIncorrect', ctx.lang) });
      const settings = await settingsOf(db, account.orgId, defaultTimeoutMinutes);
      const hash = await checkNewPassword(db, ctx, { account, policy: policyOf(settings) }, body);
      const now = ctx.now();
      await db.transaction(async (tx) => {
        await repo.setPassword(tx, account.id, account.passwordHash, hash, now, 3);
        await repo.revokeIamSessions(tx, account.orgId, account.id, now, ctx.caller.sessionId);
      });
      return { passwordChangedAt: now.toISOString() };
    },

    // ---- the authenticator (TOTP) ----
    async ownTotp(ctx: SignedInContext) {
      const account = await ownAccount(ctx);
      return totpStatus(await repo.credentials(db, account.id));
    },

    /**
     * Starts setting up a new authenticator from /login-security. With one set up, its current
     * code is needed (taken once; a wrong one counts against the login-fail lock like at sign-in).
     */
    async startOwnTotp(ctx: SignedInContext, currentCode: string | undefined) {
      const account = await ownAccount(ctx);
      const now = ctx.now();
      const credentials = await repo.credentials(db, account.id);
      if (credentials?.totpSecret) {
        if (currentCode === undefined) throw invalidFields({ field: 'body.currentCode', message: validationMessage('validation.mfa.code', ctx.lang) });
        const secret = box.open(credentials.totpSecret);
        const step = secret ? matchingTotpStep(secret, currentCode, now, credentials.totpLastStep) : undefined;
        if (step === undefined || !(await repo.takeTotpStep(db, account.id, step))) {
          const settings = await settingsOf(db, account.orgId, defaultTimeoutMinutes);
          if (settings.loginFail.enable) await repo.recordFailure(db, account.id, settings.loginFail.loginFailCount, settings.loginFail.blockMinutes, now);
          throw new AppError('MFA_CODE_INVALID');
        }
      }
      const secret = newTotpSecret();
      const expiresAt = new Date(now.getTime() + TOTP_ENROL_MINUTES * 60_000);
      await repo.saveCredentials(db, account.id, { pendingTotpSecret: box.seal(secret), pendingTotpExpiresAt: expiresAt });
      return { secret, otpauthUri: otpauthUri(secret, TOTP_ISSUER, `${account.userCode}@${ctx.caller.domain ?? account.orgId}`), expiresAt: expiresAt.toISOString() };
    },

    /** The new authenticator's code replaces the old one; the account's other sessions end (a credential changed). */
    async confirmOwnTotp(ctx: SignedInContext, code: string) {
      const account = await ownAccount(ctx);
      const now = ctx.now();
      const credentials = await repo.credentials(db, account.id);
      const pending = credentials?.pendingTotpSecret && credentials.pendingTotpExpiresAt && credentials.pendingTotpExpiresAt > now ? credentials.pendingTotpSecret : undefined;
      const secret = pending ? box.open(pending) : undefined;
      const step = secret ? matchingTotpStep(secret, code, now, 0) : undefined;
      if (!pending || step === undefined) throw new AppError('MFA_CODE_INVALID');
      await db.transaction(async (tx) => {
        await repo.saveCredentials(tx, account.id, { totpSecret: pending, totpEnrolledAt: now, totpLastStep: step, pendingTotpSecret: null, pendingTotpExpiresAt: null });
        await repo.revokeIamSessions(tx, account.orgId, account.id, now, ctx.caller.sessionId);
      });
      return totpStatus({ totpSecret: pending, totpEnrolledAt: now });
    },

    async memberTotp(ctx: RequestContext, memberId: string) {
      const { orgId } = grantOf(ctx);
      if (!(await repo.iamMemberInOrg(db, orgId, memberId))) throw new AppError('IAM_MEMBER_NOT_FOUND');
      return totpStatus(await repo.credentials(db, memberId));
    },

    /** An admin resets an IAM account's authenticator (a lost phone): its next two-step sign-in sets up a new one. */
    async resetMemberTotp(ctx: RequestContext, memberId: string) {
      const { orgId } = grantOf(ctx);
      if (!(await repo.iamMemberInOrg(db, orgId, memberId))) throw new AppError('IAM_MEMBER_NOT_FOUND');
      await repo.saveCredentials(db, memberId, { totpSecret: null, totpEnrolledAt: null, totpLastStep: 0, pendingTotpSecret: null, pendingTotpExpiresAt: null });
      return totpStatus(undefined);
    },

    // ---- sessions ----
    async ownSessions(ctx: SignedInContext, page: number, size: number) {
      const { rows, totalCount } = await repo.activeSessions(db, ownerOf(ctx), ctx.now(), page, size);
      return { totalCount, sessions: rows.map((row) => toActiveSession(row, ctx.caller.sessionId)) };
    },

    async endOwnSession(ctx: SignedInContext, sessionId: string) {
      if (!(await repo.deleteOwnSession(db, ownerOf(ctx), sessionId))) throw new AppError('NOT_FOUND');
      return { ended: true, current: sessionId === ctx.caller.sessionId };
    },

    async memberSessions(ctx: RequestContext, memberId: string) {
      const { orgId } = grantOf(ctx);
      if (!(await repo.iamMemberInOrg(db, orgId, memberId))) throw new AppError('IAM_MEMBER_NOT_FOUND');
      const { rows, totalCount } = await repo.activeSessions(db, { memberType: 'IAM', iamMemberId: memberId }, ctx.now(), 0, 100);
      return { totalCount, sessions: rows.map((row) => toActiveSession(row, ctx.caller?.sessionId ?? '')) };
    },

    async endMemberSessions(ctx: RequestContext, memberId: string) {
      const { orgId } = grantOf(ctx);
      if (!(await repo.iamMemberInOrg(db, orgId, memberId))) throw new AppError('IAM_MEMBER_NOT_FOUND');
      return { endedCount: await repo.revokeIamSessions(db, orgId, memberId, ctx.now()) };
    },
  };
}

export type SignInSecurityService = ReturnType<typeof createSignInSecurityService>;
