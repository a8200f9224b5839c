import type { Database } from '../../db/client.ts';
import type { Authorizer } from '../../platform/authz.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mail.ts';
import type { SmsProvider } from '../../platform/sms.ts';
import { devOutboxRepository as repo } from './dev-outbox.repository.ts';

/**
 * Who sees all of an organization's mails in the dev outbox: those who may add its members
 * (OWNER and ADMIN today) — the mails are mostly invitations and password setups.
 */
const ORG_MAIL_READER_PERMISSION = 'Organization.Member.Create';

/**
 * The dev outbox: while no SMTP is configured, the mails kept instead of sent. Without orgId the
 * caller's own (addressed to their email); with orgId that organization's mails, for who holds
 * Organization.Member.Create there (INVALID_ORG_ID outside it, else the engine's detailed PERMISSION_DENIED). NOT_FOUND when
 * SMTP is configured.
 */
export function createDevOutboxService(deps: { db: Database; mail: Mail; sms: SmsProvider; authorizer: Authorizer }) {
  const { db, mail, sms, authorizer } = deps;
  /** The caller's own messages, or with orgId the organization's (OWNER and ADMIN). */
  async function scopeOf(ctx: SignedInContext, orgId: string | undefined): Promise<{ orgId: string } | { email: string }> {
    if (!orgId) return { email: ctx.caller.profile.email };
    // A session route naming an organization in its query: that scope compiled through the authorizer.
    const grant = await authorizer.orgGrant(ctx.caller, orgId, ctx);
    if (!grant) throw new AppError('INVALID_ORG_ID');
    await authorizer.requirePermissions(grant, [ORG_MAIL_READER_PERMISSION]);
    return { orgId };
  }
  return {
    /** Text messages kept in the SMS outbox (platform/sms.ts), by the same scopes as the mails. NOT_FOUND with an SMS gateway. */
    async listSms(ctx: SignedInContext, orgId: string | undefined, page: number, limit: number) {
      if (!sms.usesOutbox) throw new AppError('NOT_FOUND');
      const { rows, totalCount } = await repo.listSms(db, await scopeOf(ctx, orgId), page, limit);
      return {
        messages: rows.map((row) => ({ smsId: row.id, to: row.toNumber, kind: row.kind, text: row.text, locale: row.locale, orgId: row.orgId, createdDateTime: row.createdAt.toISOString() })),
        paging: { page, limit, totalCount },
      };
    },

    async list(ctx: SignedInContext, orgId: string | undefined, page: number, limit: number) {
      if (!mail.usesDevOutbox) throw new AppError('NOT_FOUND');
      const { rows, totalCount } = await repo.list(db, await scopeOf(ctx, orgId), page, limit);
      return {
        mails: rows.map((row) => ({
          mailId: row.id,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          locale: row.locale,
          orgId: row.orgId,
          createdDateTime: row.createdAt.toISOString(),
        })),
        paging: { page, limit, totalCount },
      };
    },
  };
}

export type DevOutboxService = ReturnType<typeof createDevOutboxService>;
