import { z } from 'zod';
import { ConsoleConfigSchema } from './config.ts';
import { defineEndpoint, PUBLIC, SESSION } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';

export const getConsoleConfig = defineEndpoint({
  id: 'console.getConfig',
  method: 'GET',
  path: '/api/console/v1/config',
  summary: 'Edition, feature switches and languages of this installation',
  tag: 'console',
  access: PUBLIC,
  response: z.object({ config: ConsoleConfigSchema }),
});

export const DevMailSchema = z.object({
  mailId: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  locale: z.string(),
  orgId: z.string().nullable(),
  createdDateTime: z.string(),
});

/**
 * The dev outbox: with no SMTP configured every mail lands here instead of being sent, so a new
 * user can follow its links. Without orgId: mails to the caller's own email. With orgId: that
 * organization's mails, for its OWNER and ADMINs. Answers 10404 when SMTP is configured.
 */
export const listDevOutbox = defineEndpoint({
  id: 'console.listDevOutbox',
  method: 'GET',
  path: '/api/console/v1/dev-outbox',
  summary: "Mails kept instead of sent (no SMTP configured): the caller's own, or an organization's for its OWNER and ADMINs",
  tag: 'console',
  access: SESSION,
  query: z.object({
    orgId: z.string().uuid().optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ mails: z.array(DevMailSchema), paging: PagingSchema }),
});
