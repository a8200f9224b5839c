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
 * organization's mails, for its OWNER and ADMINs. Answers NOT_FOUND when SMTP is configured.
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

export const DevSmsSchema = z.object({
  smsId: z.string(),
  /** The recipient's mobile number (personal data: the recipient's own, or the organization's OWNER and ADMINs). */
  to: z.string(),
  kind: z.string(),
  text: z.string(),
  locale: z.string(),
  orgId: z.string(),
  createdDateTime: z.string(),
});

/**
 * The SMS outbox: the console has no SMS gateway, so every text message (an alarm's SMS method) is
 * kept here instead of being sent. The same scopes as the mail outbox: without orgId the messages
 * to the caller (by their account's email), with orgId the organization's, for its OWNER and ADMINs.
 */
export const listDevSmsOutbox = defineEndpoint({
  id: 'console.listDevSmsOutbox',
  method: 'GET',
  path: '/api/console/v1/dev-outbox/sms',
  summary: "Text messages kept instead of sent (no SMS gateway): the caller's own, or an organization's for its OWNER and ADMINs",
  tag: 'console',
  access: SESSION,
  query: z.object({
    orgId: z.string().uuid().optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ messages: z.array(DevSmsSchema), paging: PagingSchema }),
});

/** The dev clock's limit: an offset of at most 400 days either way. */
export const DEV_CLOCK_MAX_OFFSET_MS = 400 * 24 * 3_600_000;

export const DevClockSchema = z.object({
  /** Added to the real time: what the server counts as now is realNow + offsetMs. */
  offsetMs: z.number().int(),
  /** The server's now (shifted), ISO 8601. */
  now: z.string(),
});

/**
 * The dev clock (DEV_CLOCK_CONTROL=true only; never in production): end-to-end tests move the
 * server's clock to see time-bound behaviour (role conditions, expiries). Answers NOT_FOUND when the
 * setting is off, like an unknown route.
 */
export const getDevClock = defineEndpoint({
  id: 'console.getDevClock',
  method: 'GET',
  path: '/api/console/v1/dev-clock',
  summary: "The dev clock's offset and the server's (shifted) now; 10404 unless DEV_CLOCK_CONTROL is on",
  tag: 'console',
  access: SESSION,
  response: DevClockSchema,
});

export const setDevClock = defineEndpoint({
  id: 'console.setDevClock',
  method: 'PUT',
  path: '/api/console/v1/dev-clock',
  summary: "Shifts the server's clock by offsetMs (an integer within ±400 days); 10404 unless DEV_CLOCK_CONTROL is on",
  tag: 'console',
  access: SESSION,
  body: z.object({ offsetMs: z.number().int().min(-DEV_CLOCK_MAX_OFFSET_MS).max(DEV_CLOCK_MAX_OFFSET_MS) }),
  response: DevClockSchema,
});

export const resetDevClock = defineEndpoint({
  id: 'console.resetDevClock',
  method: 'DELETE',
  path: '/api/console/v1/dev-clock',
  summary: "Puts the server's clock back on real time; 10404 unless DEV_CLOCK_CONTROL is on",
  tag: 'console',
  access: SESSION,
  response: DevClockSchema,
});
