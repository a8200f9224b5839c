import type { Locale } from '@console/contracts';
import type { Executor } from '../db/client.ts';
import { smsOutbox } from '../db/schema/index.ts';
import type { Clock } from './context.ts';

/** One text message: to a mobile number, for the account whose email is `toEmail`, about `orgId`. */
export interface SmsMessage {
  readonly to: string;
  readonly toEmail: string;
  readonly text: string;
  readonly orgId: string;
  /** What it is, e.g. `alarm.FIRING`. */
  readonly kind: string;
  readonly locale: Locale;
}

/** Sends text messages. A gateway would implement it; the console's own keeps them in the SMS outbox. */
export interface SmsProvider {
  /** Whether messages are kept in `sms_outbox` (listed by GET dev-outbox/sms) instead of sent. */
  readonly usesOutbox: boolean;
  sendMany(messages: readonly SmsMessage[]): Promise<void>;
}

/**
 * The SMS outbox provider (the default: the console has no SMS gateway yet), as mails have their
 * dev outbox without SMTP: every message is one `sms_outbox` row, all of one call in one statement.
 */
export function createSmsOutbox(deps: { db: Executor; clock: Clock }): SmsProvider {
  return {
    usesOutbox: true,
    async sendMany(messages) {
      if (messages.length === 0) return;
      const now = deps.clock();
      await deps.db.insert(smsOutbox).values(
        messages.map((message) => ({ orgId: message.orgId, kind: message.kind, toNumber: message.to, toEmail: message.toEmail.toLowerCase(), text: message.text, locale: message.locale, createdAt: now })),
      );
    },
  };
}
