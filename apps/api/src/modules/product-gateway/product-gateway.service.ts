import type { Locale } from '@console/contracts';
import type { Database } from '../../db/client.ts';
import { verifyAppKey } from '../../platform/app-keys.ts';
import type { Clock } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mail.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { productGatewayRepository as repo } from './product-gateway.repository.ts';

export interface ProductIdentity {
  appKey: string;
  keyType: 'SERVICE' | 'PROJECT';
  orgId: string;
  projectId: string;
  productId: string;
}

/**
 * The console's side of products outside it: who an Appkey + SecretKey pair speaks for (for one
 * product), and mail through the console's mail platform on a product's behalf.
 */
export function createProductGatewayService(deps: { db: Database; box: SecretBox; clock: Clock; mail: Mail }) {
  const { db, box, clock, mail } = deps;

  /**
   * A service Appkey must be the product's own; a project Appkey works for any product in use in
   * its project. Anything wrong with the pair itself is APPKEY_INVALID, alike (no oracle); a good
   * pair for a product not in use (or stopped) in the project is SERVICE_NOT_IN_USE.
   */
  async function verify(appKey: string | undefined, secretKey: string | undefined, productId: string): Promise<ProductIdentity> {
    if (!appKey || !secretKey) throw new AppError('APPKEY_INVALID');
    const result = await verifyAppKey(db, box, appKey, secretKey, clock());
    if (!result.ok) throw new AppError('APPKEY_INVALID');
    const { identity } = result;
    if (identity.kind === 'SERVICE') {
      if (identity.productId !== productId) throw new AppError('SERVICE_NOT_IN_USE');
      return { appKey, keyType: 'SERVICE', orgId: identity.orgId, projectId: identity.projectId, productId };
    }
    const inUse = await repo.productInUse(db, identity.orgId, identity.projectId, productId);
    if (!inUse || inUse.statusCode !== 'STABLE') throw new AppError('SERVICE_NOT_IN_USE');
    return { appKey, keyType: 'PROJECT', orgId: identity.orgId, projectId: identity.projectId, productId };
  }

  return {
    verify,

    /** One mail per message, queued in one transaction (delivered by the mail job: SMTP or the dev outbox). */
    async sendMail(
      appKey: string | undefined,
      secretKey: string | undefined,
      input: {
        productId: string;
        replyTo?: string | undefined;
        subject: string;
        locale: Locale;
        messages: { to: string; text: string; html: string }[];
      },
    ) {
      const identity = await verify(appKey, secretKey, input.productId);
      await db.transaction(async (tx) => {
        await mail.enqueueMany(
          tx,
          input.messages.map((message) => ({
            kind: `product.${input.productId}`,
            to: message.to,
            subject: input.subject,
            text: message.text,
            html: message.html,
            locale: input.locale,
            orgId: identity.orgId,
            ...(input.replyTo ? { replyTo: input.replyTo } : {}),
          })),
        );
      });
      return { accepted: input.messages.length };
    },
  };
}

export type ProductGatewayService = ReturnType<typeof createProductGatewayService>;
