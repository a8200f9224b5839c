import { z } from 'zod';
import { IamSignInResultSchema } from './auth.ts';
import { defineEndpoint, orgPermission, PUBLIC, SESSION } from './endpoint.ts';
import {
  APPLICATION_RULE_TYPES,
  MFA_BYPASS_IPS_MAX,
  MULTI_SESSIONS_MAX,
  MULTI_SESSIONS_MIN,
  PASSWORD_POLICY_TYPES,
  PasswordPolicySchema,
  PasswordPolicyValueSchema,
  SESSION_TIMEOUT_MAX,
  SESSION_TIMEOUT_MIN,
  SignInNextStepSchema,
} from './sign-in-steps.ts';
import { LocalPathSchema } from './validation.ts';

export * from './sign-in-steps.ts';

/**
 * Sign-in security of an organization's IAM accounts (spec §3 "Governance settings", §4, §5, §7
 * "IAM v4" settings, §9): login-fail lock, password policy, two-step verification (MFA) and
 * sessions; plus the signed-in person's own sessions and the second step of an IAM sign-in.
 */

/** Numbers as a form sends them: an integer, or missing (null) so the server can say "required". */
const looseInt = z.number().int().nullable().optional();

// ---- settings ----
const OrgParams = z.object({ orgId: z.string().uuid() });

export const LoginFailSettingSchema = z.object({
  enable: z.boolean(),
  loginFailCount: z.number().int(),
  blockMinutes: z.number().int(),
});
export type LoginFailSetting = z.infer<typeof LoginFailSettingSchema>;

export const MFA_TYPES = ['NONE', 'TOTP', 'EMAIL'] as const;
export type MfaType = (typeof MFA_TYPES)[number];
export const MfaSettingSchema = z.object({
  type: z.enum(MFA_TYPES),
  bypassByIp: z.object({ enable: z.boolean(), ipList: z.array(z.string()) }),
});
export type MfaSetting = z.infer<typeof MfaSettingSchema>;

export const SessionSettingSchema = z.object({ multiSessionsLimit: z.number().int(), sessionTimeoutMinutes: z.number().int() });
export type SessionSetting = z.infer<typeof SessionSettingSchema>;

export const getLoginFailSetting = defineEndpoint({
  id: 'signInSecurity.getLoginFail',
  method: 'GET',
  path: '/api/iam/v4/organizations/:orgId/settings/security-login-fail',
  summary: 'Login failure security of the IAM accounts: count 1-20 (default 5), lock 1-60 minutes (default 2)',
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Setting.Iam.Get'),
  params: OrgParams,
  response: z.object({ securityLoginFail: LoginFailSettingSchema }),
});

export const updateLoginFailSetting = defineEndpoint({
  id: 'signInSecurity.updateLoginFail',
  method: 'PUT',
  path: '/api/iam/v4/organizations/:orgId/settings/security-login-fail',
  summary: "Sets the login failure security; out of range: 'Invalid login fail limit range. max: 20,min: 1'",
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Setting.Iam.Update'),
  params: OrgParams,
  body: z.object({ enable: z.boolean(), loginFailCount: looseInt, blockMinutes: looseInt }),
  response: z.object({ securityLoginFail: LoginFailSettingSchema }),
});

export const getMfaSetting = defineEndpoint({
  id: 'signInSecurity.getMfa',
  method: 'GET',
  path: '/api/iam/v4/organizations/:orgId/settings/security-mfa',
  summary: 'Two-step verification of the IAM accounts (NONE, TOTP, EMAIL) and the IPs that skip it',
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Setting.Iam.Get'),
  params: OrgParams,
  response: z.object({ securityMfa: MfaSettingSchema }),
});

export const updateMfaSetting = defineEndpoint({
  id: 'signInSecurity.updateMfa',
  method: 'PUT',
  path: '/api/iam/v4/organizations/:orgId/settings/security-mfa',
  summary: 'Sets the two-step verification; bypass IPs are IPv4 with an optional /mask',
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Setting.Iam.Update'),
  params: OrgParams,
  body: z.object({
    type: z.enum(MFA_TYPES),
    bypassByIp: z.object({ enable: z.boolean(), ipList: z.array(z.string().max(50)).max(MFA_BYPASS_IPS_MAX) }),
  }),
  response: z.object({ securityMfa: MfaSettingSchema }),
});

export const getSessionSetting = defineEndpoint({
  id: 'signInSecurity.getSession',
  method: 'GET',
  path: '/api/iam/v4/organizations/:orgId/settings/session',
  summary: 'Sessions of the IAM accounts: how many at once and the idle timeout in minutes',
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Setting.Iam.Get'),
  params: OrgParams,
  response: z.object({ session: SessionSettingSchema }),
});

export const updateSessionSetting = defineEndpoint({
  id: 'signInSecurity.updateSession',
  method: 'PUT',
  path: '/api/iam/v4/organizations/:orgId/settings/session',
  summary: 'Sets multiSessionsLimit (1 to 2,000,000,000) and sessionTimeoutMinutes (10 to 35,791,394); open sessions take the new timeout',
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Setting.Iam.Update'),
  params: OrgParams,
  body: z.object({
    multiSessionsLimit: looseInt,
    sessionTimeoutMinutes: looseInt,
    /** The organization's name, typed, when the change ends the caller's own session (SIGN_IN_LOCKOUT_CONFIRMATION_REQUIRED). */
    confirmLockout: z.string().max(200).optional(),
  }),
  response: z.object({ session: SessionSettingSchema }),
});

// ---- lockout-safe editor: who a proposed two-step or session rule affects ----

/**
 * MUST_ENROL_TOTP: the next sign-in asks for an authenticator the account has not set up;
 * EMAIL_CODE: the next sign-in asks for a mailed code; SESSIONS_END: open sessions end at once
 * (idle past the new timeout, or beyond the new limit, the oldest first); NO_EMAIL_ADDRESS: the
 * next sign-in asks for a mailed code but the account has no usable email address, so it cannot
 * sign in at all (locked out until an admin gives it one).
 */
export const SIGN_IN_IMPACTS = ['MUST_ENROL_TOTP', 'EMAIL_CODE', 'SESSIONS_END', 'NO_EMAIL_ADDRESS'] as const;
export type SignInImpact = (typeof SIGN_IN_IMPACTS)[number];

export const SignInLockoutPreviewBodySchema = z.discriminatedUnion('rule', [
  z.object({ rule: z.literal('MFA'), type: z.enum(MFA_TYPES), bypassByIp: z.object({ enable: z.boolean(), ipList: z.array(z.string().max(50)).max(MFA_BYPASS_IPS_MAX) }) }),
  z.object({ rule: z.literal('SESSION'), multiSessionsLimit: z.number().int().min(MULTI_SESSIONS_MIN).max(MULTI_SESSIONS_MAX), sessionTimeoutMinutes: z.number().int().min(SESSION_TIMEOUT_MIN).max(SESSION_TIMEOUT_MAX) }),
]);

export const previewSignInLockout = defineEndpoint({
  id: 'signInSecurity.previewLockout',
  method: 'POST',
  path: '/api/iam/v4/organizations/:orgId/settings/lockout-preview',
  summary: 'Who a proposed two-step verification or session rule affects: the caller first, then the IAM accounts (nothing is saved)',
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Setting.Iam.Get'),
  params: OrgParams,
  body: SignInLockoutPreviewBodySchema,
  response: z.object({
    self: z.object({
      /** The caller is an IAM account of this organization (the rules apply to IAM accounts only). */
      applies: z.boolean(),
      impact: z.enum(SIGN_IN_IMPACTS).nullable(),
      /** The change ends the session in use: saving needs the typed confirmation. */
      lockedOut: z.boolean(),
    }),
    members: z.array(
      z.object({
        iamMemberId: z.string(),
        userCode: z.string(),
        name: z.string(),
        email: z.string(),
        impact: z.enum(SIGN_IN_IMPACTS),
        /** SESSIONS_END: how many of their open sessions end. */
        sessionsEnding: z.number().int(),
      }),
    ),
    checkedMembers: z.number().int(),
    /** Accounts the proposal leaves unable to sign in at all (NO_EMAIL_ADDRESS), the list's cap aside. */
    lockedOutMembers: z.number().int(),
    confirmationText: z.string(),
  }),
});

export const getPasswordRule = defineEndpoint({
  id: 'signInSecurity.getPasswordRule',
  method: 'GET',
  path: '/api/iam/v4/organizations/:orgId/settings/password-rule',
  summary: 'The password policy of the IAM accounts (default or custom)',
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Setting.Iam.Get'),
  params: OrgParams,
  response: z.object({ passwordRule: PasswordPolicySchema }),
});

export const updatePasswordRule = defineEndpoint({
  id: 'signInSecurity.updatePasswordRule',
  method: 'PUT',
  path: '/api/iam/v4/organizations/:orgId/settings/password-rule',
  summary: "Sets the password policy; a refusal answers 'Fail to save Iam Password Policy' with the fields",
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Setting.Iam.Update'),
  params: OrgParams,
  body: z.object({
    schemaVersion: z.number().int().default(1),
    value: z.object({
      passwordPolicyType: z.enum(PASSWORD_POLICY_TYPES),
      passwordConstraints: z.object({
        minLength: looseInt,
        alphabet: z.boolean(),
        number: z.boolean(),
        special: z.boolean(),
        noIllegalSequence: z.boolean(),
      }),
      passwordExpiry: z.object({ enable: z.boolean(), days: looseInt }),
      limitPasswordReuse: z.object({ enable: z.boolean(), count: looseInt }),
      applicationRuleType: z.enum(APPLICATION_RULE_TYPES),
    }),
  }),
  response: z.object({ passwordRule: PasswordPolicySchema }),
});

// ---- the second step of an IAM sign-in ----


const ChallengeTokenSchema = z.string().min(1).max(100);

export const verifySignInCode = defineEndpoint({
  id: 'auth.verifySignInCode',
  method: 'POST',
  path: '/api/auth/v1/iam/login/verify',
  summary: 'The second step of an IAM sign-in: a TOTP code (also confirming a new authenticator) or the mailed code',
  tag: 'auth',
  access: PUBLIC,
  body: z.object({ challengeToken: ChallengeTokenSchema, code: z.string().trim().regex(/^\d{6}$/, { error: 'validation.mfa.code' }), returnUrl: LocalPathSchema.optional() }),
  response: IamSignInResultSchema,
  handlesAuthErrors: true,
});

export const resendSignInEmailCode = defineEndpoint({
  id: 'auth.resendSignInEmailCode',
  method: 'POST',
  path: '/api/auth/v1/iam/login/email-code',
  summary: 'Mails a new sign-in code (the earlier one stops working)',
  tag: 'auth',
  access: PUBLIC,
  body: z.object({ challengeToken: ChallengeTokenSchema }),
  response: z.object({ nextStep: SignInNextStepSchema }),
  handlesAuthErrors: true,
});

export const changeExpiredPassword = defineEndpoint({
  id: 'auth.changeSignInPassword',
  method: 'POST',
  path: '/api/auth/v1/iam/login/password',
  summary: 'A sign-in whose password expired or breaks the policy sets a new one, then gets its session',
  tag: 'auth',
  access: PUBLIC,
  body: z.object({ challengeToken: ChallengeTokenSchema, password: z.string().max(200), passwordConfirm: z.string().max(200), returnUrl: LocalPathSchema.optional() }),
  response: IamSignInResultSchema,
  handlesAuthErrors: true,
});

// ---- the signed-in IAM account's own password ----

export const getOwnPasswordRule = defineEndpoint({
  id: 'signInSecurity.getOwnPasswordRule',
  method: 'GET',
  path: '/api/iam/v4/members/self/password-rule',
  summary: "The password policy the signed-in IAM account's next password must follow, and when the current one expires",
  tag: 'iam',
  access: SESSION,
  response: z.object({ policy: PasswordPolicyValueSchema, passwordChangedAt: z.string().nullable(), passwordExpiresAt: z.string().nullable() }),
});

export const changeOwnPassword = defineEndpoint({
  id: 'signInSecurity.changeOwnPassword',
  method: 'POST',
  path: '/api/iam/v4/members/self/password',
  summary: "Changes the signed-in IAM account's password (current password, policy, no reuse); its other sessions end",
  tag: 'iam',
  access: SESSION,
  body: z.object({ currentPassword: z.string().max(200), password: z.string().max(200), passwordConfirm: z.string().max(200) }),
  response: z.object({ passwordChangedAt: z.string() }),
});

// ---- the authenticator (TOTP): one's own re-enrolment, an admin's reset ----

export const TotpStatusSchema = z.object({ enrolled: z.boolean(), enrolledAt: z.string().nullable() });
const TotpMemberParams = OrgParams.extend({ memberId: z.string().uuid() });
const TotpCodeSchema = z.string().trim().regex(/^\d{6}$/, { error: 'validation.mfa.code' });

export const getOwnTotp = defineEndpoint({
  id: 'signInSecurity.getOwnTotp',
  method: 'GET',
  path: '/api/iam/v4/members/self/totp',
  summary: "Whether the signed-in IAM account has an authenticator app set up",
  tag: 'iam',
  access: SESSION,
  response: z.object({ totp: TotpStatusSchema }),
});

export const startOwnTotpEnrolment = defineEndpoint({
  id: 'signInSecurity.startOwnTotpEnrolment',
  method: 'POST',
  path: '/api/iam/v4/members/self/totp/enrolment',
  summary: 'Starts setting up a new authenticator (the current one\'s code is needed when one is set up); answers its secret and QR text for 10 minutes',
  tag: 'iam',
  access: SESSION,
  body: z.object({ currentCode: TotpCodeSchema.optional() }),
  response: z.object({ secret: z.string(), otpauthUri: z.string(), expiresAt: z.string() }),
});

export const confirmOwnTotpEnrolment = defineEndpoint({
  id: 'signInSecurity.confirmOwnTotpEnrolment',
  method: 'POST',
  path: '/api/iam/v4/members/self/totp/enrolment/confirm',
  summary: "The new authenticator's first code replaces the old authenticator",
  tag: 'iam',
  access: SESSION,
  body: z.object({ code: TotpCodeSchema }),
  response: z.object({ totp: TotpStatusSchema }),
});

export const getIamMemberTotp = defineEndpoint({
  id: 'signInSecurity.getIamMemberTotp',
  method: 'GET',
  path: '/api/iam/v4/organizations/:orgId/members/:memberId/totp',
  summary: "Whether an IAM account has an authenticator app set up",
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Member.Iam.Get'),
  params: TotpMemberParams,
  response: z.object({ totp: TotpStatusSchema }),
});

export const resetIamMemberTotp = defineEndpoint({
  id: 'signInSecurity.resetIamMemberTotp',
  method: 'DELETE',
  path: '/api/iam/v4/organizations/:orgId/members/:memberId/totp',
  summary: "Resets an IAM account's authenticator (lost phone): its next sign-in sets up a new one (recorded in the audit log)",
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Member.Iam.Update'),
  params: TotpMemberParams,
  response: z.object({ totp: TotpStatusSchema }),
});

// ---- sessions ----

export const ActiveSessionSchema = z.object({
  sessionId: z.string(),
  clientIp: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  endsAt: z.string(),
  /** The session this call was made with. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;

export const listOwnSessions = defineEndpoint({
  id: 'signInSecurity.listOwnSessions',
  method: 'GET',
  path: '/api/console/v1/sessions',
  summary: "The signed-in person's active sessions, newest first",
  tag: 'console',
  access: SESSION,
  query: z.object({ page: z.coerce.number().int().min(0).default(0), size: z.coerce.number().int().min(1).max(100).default(20) }),
  response: z.object({ totalCount: z.number().int(), sessions: z.array(ActiveSessionSchema) }),
});

export const endOwnSession = defineEndpoint({
  id: 'signInSecurity.endOwnSession',
  method: 'DELETE',
  path: '/api/console/v1/sessions/:sessionId',
  summary: 'Ends one of the signed-in person\'s sessions (the current one too: that signs out)',
  tag: 'console',
  access: SESSION,
  params: z.object({ sessionId: z.string().uuid() }),
  response: z.object({ ended: z.boolean() }),
});

const IamMemberParams = OrgParams.extend({ memberId: z.string().uuid() });

export const listIamMemberSessions = defineEndpoint({
  id: 'signInSecurity.listIamMemberSessions',
  method: 'GET',
  path: '/api/iam/v4/organizations/:orgId/members/:memberId/sessions',
  summary: "An IAM account's active sessions",
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Member.Iam.Get'),
  params: IamMemberParams,
  response: z.object({ totalCount: z.number().int(), sessions: z.array(ActiveSessionSchema) }),
});

export const endIamMemberSessions = defineEndpoint({
  id: 'signInSecurity.endIamMemberSessions',
  method: 'DELETE',
  path: '/api/iam/v4/organizations/:orgId/members/:memberId/sessions',
  summary: "Ends every session of an IAM account (its next call answers 4000)",
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Member.Iam.Update'),
  params: IamMemberParams,
  response: z.object({ endedCount: z.number().int() }),
});
