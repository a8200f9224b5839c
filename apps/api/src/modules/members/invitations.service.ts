import {
  INVITATION_EXPIRY_DAYS,
  INVITATION_PAGE_PATH,
  INVITATION_RESEND_INTERVAL_SECONDS,
  INVITATION_STATUSES,
  tokenPageUrl,
  validationMessage,
  type AcceptInvitationBodySchema,
  type FieldError,
  type InvitationStatus,
  type OrgInvitation,
  type OrgRoleName,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { grantOf, type Clock, type RequestContext, type SignedInContext } from '../../platform/context.ts';
import { AppError, invalidFields, restricted } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mail } from '../../platform/mail.ts';
import { invitationMail } from '../../platform/mail-templates.ts';
import { disclosureHere, searchOnly, searchReachOf, type Disclosure } from '../../platform/personal-data.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { membersRepository as repo, type InvitationRow, type ListedInvitation } from './members.repository.ts';

/** The scheduled job that marks past-due invitations EXPIRE (reads treat them so already). */
export const INVITATION_EXPIRY_JOB = 'invitations.expire';
/** Every 15 minutes: the stored state catches up with what reads already answer. */
const INVITATION_EXPIRY_SCHEDULE = '*/15 * * * *';

const DAY_MS = 86_400_000;
const expiryOf = (sentAt: Date) => new Date(sentAt.getTime() + INVITATION_EXPIRY_DAYS * DAY_MS);

const statusOf = (value: string): InvitationStatus =>
  (INVITATION_STATUSES as readonly string[]).includes(value) ? (value as InvitationStatus) : 'UNKNOWN';

/** An invitation as the caller may see it: privacy protection masks the invitee's email and the inviter's name. */
function toInvitation({ invitation, effectiveStatus, invitedByName }: ListedInvitation, disclosure: Disclosure): OrgInvitation {
  const invitee = { kind: 'TOAST_CLOUD', email: invitation.email } as const;
  const inviter = { kind: 'TOAST_CLOUD', id: invitation.invitedByMemberId } as const;
  return {
    invitationId: invitation.id,
    email: disclosure.email(invitation.email, invitee),
    orgRoleCodes: invitation.roleCodes as OrgRoleName[],
    invitationStatus: statusOf(effectiveStatus),
    invitedByUuid: invitation.invitedByMemberId,
    invitedByName: invitedByName === null ? null : disclosure.name(invitedByName, inviter),
    sentDateTime: invitation.sentAt.toISOString(),
    expireDateTime: invitation.expiresAt.toISOString(),
    acceptedDateTime: invitation.acceptedAt?.toISOString() ?? null,
    regDateTime: invitation.createdAt.toISOString(),
  };
}

const isPastDue = (invitation: InvitationRow, now: Date) => invitation.status === 'WAIT' && invitation.expiresAt <= now;

async function invitationOf(tx: Executor, orgId: string, invitationId: string, now: Date, disclosure: Disclosure) {
  return toInvitation((await repo.findInvitation(tx, orgId, invitationId, now))!, disclosure);
}

/** Who sends invitations: their name and email go into the mail. */
export interface Inviter {
  readonly memberId: string | null;
  readonly name: string;
  readonly email: string;
}

/**
 * Inserts WAIT invitations (each email with its roles) and enqueues each one's mail in `tx`: the
 * one way invitations are made — by the invite call and by a batch import's job. The caller has
 * locked the organization and checked the emails.
 */
export async function insertInvitationsWithMail(
  tx: Executor,
  deps: { config: AppConfig; mail: Mail },
  input: {
    orgId: string;
    orgName: string;
    inviter: Inviter;
    locale: SignedInContext['locale'];
    items: readonly { email: string; roleCodes: readonly string[] }[];
    now: Date;
  },
) {
  const { orgId, now } = input;
  if (input.items.length === 0) return [];
  const tokens = input.items.map(() => newToken());
  const rows = await repo.insertInvitations(
    tx,
    input.items.map((item, index) => ({
      orgId,
      email: item.email,
      roleCodes: [...item.roleCodes],
      tokenHash: hashToken(tokens[index]!),
      status: 'WAIT' as const,
      locale: input.locale,
      invitedByMemberId: input.inviter.memberId,
      sentAt: now,
      expiresAt: expiryOf(now),
      createdAt: now,
    })),
  );
  await deps.mail.enqueueMany(
    tx,
    rows.map((row, index) =>
      invitationMail({
        to: row.email,
        locale: input.locale,
        orgId,
        orgName: input.orgName,
        inviterName: input.inviter.name,
        inviterEmail: input.inviter.email,
        roleCodes: row.roleCodes,
        link: tokenPageUrl(deps.config.publicUrl, INVITATION_PAGE_PATH, tokens[index]!),
        expiresAt: row.expiresAt,
      }),
    ),
  );
  return rows;
}

/** The caller as an inviter. */
export const inviterOf = (ctx: SignedInContext): Inviter => ({
  memberId: ctx.caller.memberType === 'TOAST_CLOUD' ? ctx.caller.uuid : null,
  name: ctx.caller.profile.name,
  email: ctx.caller.profile.email,
});

export function createInvitationsService(deps: { db: Database; config: AppConfig; clock: Clock; mail: Mail; jobs: Jobs }) {
  const { db, config, mail, jobs } = deps;

  jobs.define({
    name: INVITATION_EXPIRY_JOB,
    schedule: INVITATION_EXPIRY_SCHEDULE,
    // One sweep at a time is plenty; a second one queued meanwhile would find nothing.
    queue: { policy: 'exclusive', retryLimit: 2 },
    handler: async () => {
      await db.transaction((tx) => repo.expirePastDue(tx, deps.clock()));
    },
  });

  /** Enqueues the invitation mail in `tx`: it is sent once the invitation is committed. */
  async function enqueueMail(
    tx: Executor,
    ctx: SignedInContext,
    orgId: string,
    orgName: string,
    invitation: { email: string; roleCodes: readonly string[]; expiresAt: Date },
    token: string,
  ) {
    const caller = ctx.caller;
    await mail.enqueue(
      tx,
      invitationMail({
        to: invitation.email,
        locale: ctx.locale,
        orgId,
        orgName,
        inviterName: caller.profile.name,
        inviterEmail: caller.profile.email,
        roleCodes: invitation.roleCodes,
        link: tokenPageUrl(config.publicUrl, INVITATION_PAGE_PATH, token),
        expiresAt: invitation.expiresAt,
      }),
    );
  }

  return {
    /** Marks every past-due invitation EXPIRE (the scheduled job's work); answers how many. */
    expirePastDue: (now: Date) => db.transaction((tx) => repo.expirePastDue(tx, now)),

    async list(
      ctx: SignedInContext,
      filters: { emailLike: string | undefined; statuses: readonly InvitationStatus[] | undefined },
      page: number,
      limit: number,
    ) {
      const disclosure = disclosureHere(ctx);
      // An invitee's address is searchable only where it is shown in plain (else only one's own invitation).
      const reach = searchReachOf(ctx, disclosure);
      const only = searchOnly(reach, 'TOAST_CLOUD', Boolean(filters.emailLike));
      if (only === null) return { invitations: [], paging: { page, limit, totalCount: 0 } };
      const onlyEmail = only === undefined ? undefined : reach.self.email;
      const { rows, totalCount } = await repo.listInvitations(db, grantOf(ctx).orgId, { ...filters, onlyEmail }, ctx.now(), page, limit);
      return { invitations: rows.map((row) => toInvitation(row, disclosure)), paging: { page, limit, totalCount } };
    },

    /**
     * Invites each email with the roles, all or none: an email of a member answers 'Already added
     * user as an organization member', one with an invitation in progress says so; both INVALID_PARAMETER on
     * `body.emailList.<i>`. Each invitation's mail is enqueued in the same transaction.
     */
    async invite(ctx: SignedInContext, emails: readonly string[], roleCodes: readonly string[]) {
      const { orgId } = grantOf(ctx);
      const now = ctx.now();
      return db
        .transaction(async (tx) => {
          const org = await repo.lockOrg(tx, orgId);
          if (!org) throw new AppError('INVALID_ORG_ID');
          // One after the other: a transaction is one connection.
          const memberEmails = await repo.orgMemberEmails(tx, orgId, emails);
          const waiting = await repo.waitingInvitationEmails(tx, orgId, emails, now);
          const problems: FieldError[] = [];
          emails.forEach((email, index) => {
            const key = memberEmails.has(email) ? 'validation.email.alreadyOrgMember' : waiting.has(email) ? 'validation.email.alreadyInvited' : undefined;
            if (key) problems.push({ field: `body.emailList.${index}`, message: validationMessage(key, ctx.lang) });
          });
          if (problems.length > 0) throw invalidFields(...problems);
          // A past-due invitation still stored as WAIT gives way to the new one.
          await repo.expirePastDue(tx, now, { orgId, emails });
          const rows = await insertInvitationsWithMail(tx, { config, mail }, {
            orgId,
            orgName: org.name,
            inviter: inviterOf(ctx),
            locale: ctx.locale,
            items: emails.map((email) => ({ email, roleCodes })),
            now,
          });
          const invitations: OrgInvitation[] = [];
          for (const row of rows) invitations.push(await invitationOf(tx, orgId, row.id, now, disclosureHere(ctx)));
          return { invitations };
        })
        .catch((error: unknown) => {
          // Two admins inviting the same email at once: the index keeps one.
          if (isUniqueViolation(error, 'org_invitations_one_waiting_key')) {
            throw invalidFields({ field: 'body.emailList', message: validationMessage('validation.email.alreadyInvited', ctx.lang) });
          }
          throw error;
        });
    },

    /**
     * Sends an invitation again: a new link (the old one stops working) and a new 30-day expiry,
     * also for an expired one. Not within a minute of the last send (INVITATION_ALREADY_SENT), not once accepted (INVITATION_ALREADY_ACCEPTED).
     */
    async resend(ctx: SignedInContext, invitationId: string) {
      const { orgId } = grantOf(ctx);
      const now = ctx.now();
      return db.transaction(async (tx) => {
        const org = await repo.lockOrg(tx, orgId);
        if (!org) throw new AppError('INVALID_ORG_ID');
        const invitation = await repo.lockInvitation(tx, orgId, invitationId);
        if (!invitation) throw new AppError('INVITATION_NOT_FOUND');
        if (invitation.status === 'COMPLETE') throw new AppError('INVITATION_ALREADY_ACCEPTED');
        if (!isPastDue(invitation, now) && invitation.status === 'WAIT' && now.getTime() - invitation.sentAt.getTime() < INVITATION_RESEND_INTERVAL_SECONDS * 1000) {
          throw new AppError('INVITATION_ALREADY_SENT');
        }
        const email = invitation.email.toLowerCase();
        const field = 'params.invitationId';
        if ((await repo.orgMemberEmails(tx, orgId, [email])).has(email)) {
          throw invalidFields({ field, message: validationMessage('validation.email.alreadyOrgMember', ctx.lang) });
        }
        if ((await repo.waitingInvitationEmails(tx, orgId, [email], now, invitation.id)).has(email)) {
          throw invalidFields({ field, message: validationMessage('validation.email.alreadyInvited', ctx.lang) });
        }
        // Another past-due WAIT for the email would hold the index this one returns to.
        await repo.expirePastDue(tx, now, { orgId, emails: [email] });
        const token = newToken();
        const expiresAt = expiryOf(now);
        await repo.renewInvitation(tx, orgId, invitation.id, {
          tokenHash: hashToken(token),
          sentAt: now,
          expiresAt,
          locale: ctx.locale,
          invitedByMemberId: ctx.caller.memberType === 'TOAST_CLOUD' ? ctx.caller.uuid : invitation.invitedByMemberId,
        });
        await enqueueMail(tx, ctx, orgId, org.name, { email: invitation.email, roleCodes: invitation.roleCodes, expiresAt }, token);
        return { invitation: await invitationOf(tx, orgId, invitation.id, now, disclosureHere(ctx)) };
      });
    },

    /** Withdraws an invitation not yet accepted; its link stops working. */
    async cancel(ctx: SignedInContext, invitationId: string) {
      const { orgId } = grantOf(ctx);
      await db.transaction(async (tx) => {
        const invitation = await repo.lockInvitation(tx, orgId, invitationId);
        if (!invitation) throw new AppError('INVITATION_NOT_FOUND');
        if (invitation.status === 'COMPLETE') throw new AppError('INVITATION_ALREADY_ACCEPTED');
        await repo.deleteInvitation(tx, orgId, invitationId);
      });
      return { invitationId };
    },

    /** What the holder of a link sees: the organization, who invites, the roles and the state. */
    async byToken(ctx: RequestContext, token: string) {
      const now = ctx.now();
      const found = await repo.findInvitationByTokenHash(db, hashToken(token), now);
      if (!found) throw new AppError('INVITATION_NOT_FOUND');
      const { invitation } = found;
      return {
        invitation: {
          orgId: invitation.orgId,
          orgName: found.orgName,
          email: invitation.email,
          orgRoleCodes: invitation.roleCodes as OrgRoleName[],
          invitationStatus: statusOf(found.effectiveStatus),
          inviterName: found.invitedByName,
          inviterEmail: found.invitedByEmail,
          expireDateTime: invitation.expiresAt.toISOString(),
          accountExists: Boolean(await repo.findMemberByEmail(db, invitation.email)),
        },
      };
    },

    /**
     * Accepts an invitation, once (the row is locked and marked COMPLETE in the same transaction).
     * A signed-in cloud member whose email is the invited one joins with the roles; someone
     * without an account signs up with a name and a password (spec §5) and joins in the same
     * transaction; someone whose account exists but who is not signed in is asked to sign in (100).
     */
    async accept(ctx: RequestContext, token: string, body: z.output<typeof AcceptInvitationBodySchema>) {
      const caller = ctx.caller;
      if (caller?.memberType === 'IAM') throw restricted('IAM_ACCOUNT');
      const now = ctx.now();
      // Argon2 takes a while: hash before the transaction, so the invitation's lock is held briefly.
      const passwordHash = !caller && body.password ? await hashPassword(body.password) : undefined;
      return db
        .transaction(async (tx) => {
          const invitation = await repo.lockInvitationByTokenHash(tx, hashToken(token));
          if (!invitation) throw new AppError('INVITATION_NOT_FOUND');
          if (invitation.status === 'COMPLETE') throw new AppError('INVITATION_ALREADY_ACCEPTED');
          if (invitation.status !== 'WAIT' || isPastDue(invitation, now)) throw new AppError('INVITATION_EXPIRED');
          const org = await repo.findOrg(tx, invitation.orgId);
          if (!org) throw new AppError('INVITATION_NOT_FOUND');

          let memberId: string;
          let signedUp = false;
          if (caller) {
            if (caller.profile.email.toLowerCase() !== invitation.email.toLowerCase()) throw new AppError('INVITATION_EMAIL_MISMATCH');
            memberId = caller.uuid;
          } else {
            if (await repo.findMemberByEmail(tx, invitation.email)) throw new AppError('LOGIN_REQUIRED');
            const problems: FieldError[] = [];
            const required = validationMessage('validation.required', ctx.lang);
            if (!body.name) problems.push({ field: 'body.name', message: required });
            if (!body.password) problems.push({ field: 'body.password', message: required });
            else if (body.passwordConfirm !== undefined && body.passwordConfirm !== body.password) {
              problems.push({ field: 'body.passwordConfirm', message: validationMessage('validation.password.confirm', ctx.lang) });
            }
            if (problems.length > 0) throw invalidFields(...problems);
            const member = await repo.insertMember(tx, {
              email: invitation.email,
              name: body.name!,
              passwordHash: passwordHash!,
              createdAt: now,
              updatedAt: now,
            });
            memberId = member.id;
            signedUp = true;
          }
          // Already a member (joined since by another way): the invitation is used, the roles stay.
          if (!(await repo.isOrgMember(tx, org.id, memberId))) await repo.setOrgRoles(tx, org.id, memberId, invitation.roleCodes, now);
          await repo.completeInvitation(tx, org.id, invitation.id, memberId, now);
          return { orgId: org.id, orgName: org.name, memberUuid: memberId, signedUp, nextUrl: `/org/${org.id}/dashboard` };
        })
        .catch((error: unknown) => {
          // Someone signed up with this email a moment ago: they now have an account to sign in with.
          if (isUniqueViolation(error, 'members_email_key')) throw new AppError('LOGIN_REQUIRED');
          throw error;
        });
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
