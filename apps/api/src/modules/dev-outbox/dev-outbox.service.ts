import { rolesGranting } from '@console/contracts';
import type { Database } from '../../db/client.ts';
import type { Authorizer } from '../../platform/authz.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mail.ts';
import { devOutboxRepository as repo } from './dev-outbox.repository.ts';

/** Organization roles that see all of their organization's mails in the dev outbox. */
const ORG_MAIL_READERS = ['OWNER', 'ADMIN'];

/**
 * The dev outbox: while no SMTP is configured, the mails kept instead of sent. Without orgId the
 * caller's own (addressed to their email); with orgId that organization's mails, for its OWNER
 * and ADMINs (23005 outside it, -6 for other roles). 10404 when SMTP is configured.
 */
export function createDevOutboxService(deps: { db: Database; mail: Mail; authorizer: Authorizer }) {
  const { db, mail, authorizer } = deps;
  return {
    async list(ctx: RequestContext, orgId: string | undefined, page: number, limit: number) {
      if (!mail.usesDevOutbox) throw new AppError('NOT_FOUND');
      const caller = ctx.caller!;
      let scope: { orgId: string } | { email: string } = { email: caller.profile.email };
      if (orgId) {
        const grant = await authorizer.orgGrant(caller, orgId);
        if (!grant) throw new AppError('INVALID_ORG_ID');
        if (!grant.roles.some((role) => role.category === 'ORG_ROLE' && ORG_MAIL_READERS.includes(role.roleName))) {
          const neededRoles = rolesGranting(['Organization.Member.Create']).filter((role) => ORG_MAIL_READERS.includes(role.roleName));
          throw new AppError('PERMISSION_DENIED', { extra: { neededRoles } });
        }
        scope = { orgId };
      }
      const { rows, totalCount } = await repo.list(db, scope, page, limit);
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
