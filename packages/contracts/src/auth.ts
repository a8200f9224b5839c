import { z } from 'zod';
import { defineEndpoint, PUBLIC, SESSION } from './endpoint.ts';
import { SignInNextStepSchema } from './sign-in-steps.ts';
import { DomainNameSchema, EmailSchema, IamUserCodeSchema, LocalPathSchema } from './validation.ts';

export const MEMBER_TYPES = ['TOAST_CLOUD', 'IAM'] as const;

/** The signed-in caller (spec §3 Session), plus what the console needs to place an IAM account. */
export const SessionSchema = z.object({
  id: z.string(),
  userName: z.string(),
  email: z.string(),
  mobileNumber: z.string().nullable(),
  bizMember: z.boolean(),
  uuid: z.string(),
  country: z.string(),
  partnerOwner: z.boolean(),
  memberType: z.enum(MEMBER_TYPES),
  /** The organization an IAM account belongs to; null for cloud members. */
  orgId: z.string().nullable(),
  /** The organization domain an IAM account signed in at; null for cloud members. */
  domain: z.string().nullable(),
  expiresAt: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;

/** An IAM sign-in's answer: a session, or the next step it needs (two-step verification, a password change). */
export const IamSignInResultSchema = z.object({
  session: SessionSchema.nullable(),
  returnUrl: z.string(),
  nextStep: SignInNextStepSchema.nullable(),
});

export const MemberLoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string().min(1).max(200),
  nextUrl: LocalPathSchema.optional(),
});

export const IamLoginBodySchema = z.object({
  domain: DomainNameSchema,
  userCode: IamUserCodeSchema,
  password: z.string().min(1).max(200),
  returnUrl: LocalPathSchema.optional(),
  serviceId: z.string().max(100).optional(),
});

export const LogoutBodySchema = z.object({
  returnUrl: LocalPathSchema.optional(),
});

export { CSRF_COOKIE, CSRF_HEADER } from './headers.ts';
export const SESSION_COOKIE = 'sid';

export const memberLogin = defineEndpoint({
  id: 'auth.memberLogin',
  method: 'POST',
  path: '/api/auth/v1/login',
  summary: 'Sign in as a cloud member with email and password',
  tag: 'auth',
  access: PUBLIC,
  body: MemberLoginBodySchema,
  response: z.object({ session: SessionSchema, nextUrl: z.string() }),
  handlesAuthErrors: true,
});

export const iamLogin = defineEndpoint({
  id: 'auth.iamLogin',
  method: 'POST',
  path: '/api/auth/v1/iam/login',
  summary: 'Sign in as an IAM account at an organization domain',
  tag: 'auth',
  access: PUBLIC,
  body: IamLoginBodySchema,
  response: IamSignInResultSchema,
  handlesAuthErrors: true,
});

export const logout = defineEndpoint({
  id: 'auth.logout',
  method: 'POST',
  path: '/api/auth/v1/logout',
  summary: 'Sign out; answers where the browser goes next',
  tag: 'auth',
  access: SESSION,
  body: LogoutBodySchema,
  response: z.object({ returnUrl: z.string() }),
  handlesAuthErrors: true,
});

export const getSession = defineEndpoint({
  id: 'console.getSession',
  method: 'GET',
  path: '/api/console/v1/session',
  summary: 'The signed-in caller',
  tag: 'console',
  access: SESSION,
  response: z.object({ session: SessionSchema }),
});
