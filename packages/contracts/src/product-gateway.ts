import { z } from 'zod';
import { defineEndpoint, PUBLIC } from './endpoint.ts';
import { LOCALES } from './locales.ts';
import { multiline } from './text-characters.ts';
import { EmailSchema, multilineTextSchema } from './validation.ts';

/**
 * The console's calls for products outside it (docs/products.md). A product authenticates with the
 * Appkey and SecretKey of the project it acts for, in headers — never with a person's session:
 *
 *     X-Appkey: <appKey>
 *     X-Secret-Key: <secretKey>
 *
 * A wrong, unknown or stopped pair answers APPKEY_INVALID (HTTP 401, one code for all: no oracle);
 * a valid pair whose project does not use the product answers SERVICE_NOT_IN_USE (403).
 */
export const PRODUCT_AUTH_HEADERS = { appKey: 'x-appkey', secretKey: 'x-secret-key' } as const;

/** What a product id looks like in the catalogue (`email`). */
export const ProductIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,63}$/);

export const AppKeyIdentitySchema = z.object({
  appKey: z.string(),
  /** SERVICE: the product's own Appkey in the project; PROJECT: one of the project's Appkeys (authentications v4). */
  keyType: z.enum(['SERVICE', 'PROJECT']),
  orgId: z.string().uuid(),
  projectId: z.string().uuid(),
  productId: z.string(),
});

/**
 * "Is this Appkey + SecretKey good for my product, and for which project?" A product asks at every
 * call it serves (or caches the answer briefly), so a regenerated SecretKey stops working at once.
 */
export const verifyProductAppKey = defineEndpoint({
  id: 'productGateway.verifyAppKey',
  method: 'POST',
  path: '/api/cab/v1/appkeys/verify',
  summary: 'For products: checks the X-Appkey and X-Secret-Key headers for productId; answers the project (10401 refused, 10402 service not in use)',
  tag: 'product-gateway',
  access: PUBLIC,
  body: z.object({ productId: ProductIdSchema }),
  response: AppKeyIdentitySchema,
});

/** At most this many mails in one product mail call. */
export const PRODUCT_MAIL_MAX_RECIPIENTS = 100;

/**
 * Mail through the console's mail platform: SMTP when the console has it, else the console's dev
 * outbox (visible at /dev/outbox to the organization's OWNER and ADMINs, and to each recipient who
 * is a member). One mail per message, queued in one transaction; the product's sender address
 * travels as Reply-To (the console sends from its own SMTP_FROM). Each message has its own body,
 * so a product can give each recipient their own links (an open-tracking pixel).
 */
export const sendProductMail = defineEndpoint({
  id: 'productGateway.sendMail',
  method: 'POST',
  path: '/api/cab/v1/product-mail',
  summary: "For products: queues mails through the console's mail platform (SMTP or dev outbox), Appkey-authenticated",
  tag: 'product-gateway',
  access: PUBLIC,
  body: z.object({
    productId: ProductIdSchema,
    replyTo: EmailSchema.optional(),
    subject: z.string().trim().min(1).max(998),
    locale: z.enum(LOCALES).default('ko_KR'),
    messages: z
      .array(z.object({ to: EmailSchema, text: multilineTextSchema(100_000), html: multiline(z.string().max(200_000)) }))
      .min(1)
      .max(PRODUCT_MAIL_MAX_RECIPIENTS),
  }),
  response: z.object({ accepted: z.number().int() }),
});
