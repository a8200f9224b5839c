import { ReceiverGroupBodySchema, WEBHOOK_METHODS, WEBHOOK_TYPE_CODES, WebhookInputSchema } from '@console/contracts/notifications';
import { z } from 'zod';

/** Schemas of ReceiverGroupForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
/**
 * The form's values: the contract's rules for the group and each webhook (validated as typed, in
 * the active language), with the webhook's headers as `Name: value` lines and an empty secret
 * meaning "keep the current one" (or "make one" for a new webhook).
 */
export const HookDraftSchema = z.object({
  webhookId: z.string().optional(),
  name: WebhookInputSchema.shape.name,
  targetUrl: WebhookInputSchema.shape.targetUrl,
  secret: z
    .string()
    .trim()
    .max(200)
    .refine((value) => value === '' || value.length >= 8, { error: 'validation.webhook.secretLength' }),
  typeCode: z.enum(WEBHOOK_TYPE_CODES),
  method: z.enum(WEBHOOK_METHODS),
  headers: z.string().max(20_000),
  bodyTemplate: z.string().max(10_000),
});
export const ReceiverGroupFormSchema = z.object({
  name: ReceiverGroupBodySchema.shape.name,
  description: ReceiverGroupBodySchema.shape.description.unwrap(),
  memberIds: z.array(z.string()),
  roleGroupIds: z.array(z.string()),
  webhooks: z.array(HookDraftSchema),
});
