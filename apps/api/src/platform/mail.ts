import { langOf, type Locale } from '@console/contracts';
import { createTransport } from 'nodemailer';
import type { AppConfig } from '../config.ts';
import type { Database, Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { Clock } from './context.ts';
import type { Jobs } from './jobs.ts';
import { pgErrorOf } from './pg-errors.ts';

/** One rendered mail (see mail-templates.ts), as the mail job carries it. */
export interface MailMessage {
  /** What the mail is (orgInvitation, iamPasswordSetup…), for the dev outbox and logs. */
  readonly kind: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly locale: Locale;
  /** The organization the mail is about, when any: its OWNER and ADMINs see it in the dev outbox. */
  readonly orgId: string | null;
  /** Where replies go (a product's sender address; the console always sends from SMTP_FROM). */
  readonly replyTo?: string;
}

/** What sends a mail over SMTP: nodemailer's transport, or a stand-in in tests. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string; headers: Record<string, string>; replyTo?: string }): Promise<unknown>;
}

export const MAIL_JOB = 'mail.send';

function transportOf(config: AppConfig): MailTransport | undefined {
  if (!config.smtp) return undefined;
  return 'url' in config.smtp ? createTransport(config.smtp.url) : createTransport(config.smtp);
}

/**
 * Mail. A mail is enqueued in the transaction of the change it follows (`enqueue(tx, message)`)
 * and delivered by the mail job: over SMTP (nodemailer) when SMTP_URL or SMTP_HOST is set,
 * otherwise into the dev outbox table `mail_outbox`, which GET /api/console/v1/dev-outbox lists.
 */
export function createMail(deps: { db: Database; config: AppConfig; clock: Clock; jobs: Jobs; transport?: MailTransport }) {
  const { db, config, clock, jobs } = deps;
  const transport = deps.transport ?? transportOf(config);

  async function deliver(message: MailMessage) {
    if (transport) {
      await transport.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'Content-Language': langOf(message.locale) },
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
      return;
    }
    const row = {
      orgId: message.orgId,
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      locale: message.locale,
      createdAt: clock(),
    };
    await db.insert(mailOutbox).values(row).catch(async (error: unknown) => {
      // The organization was deleted between the change and the delivery: the mail is still the
      // recipient's, without the organization.
      if (pgErrorOf(error)?.code !== '23503') throw error;
      await db.insert(mailOutbox).values({ ...row, orgId: null });
    });
  }

  jobs.define<MailMessage>({
    name: MAIL_JOB,
    // The job holds the rendered mail, links included: keep finished ones an hour, not pg-boss's 7 days.
    queue: { deleteAfterSeconds: 3600 },
    handler: deliver,
  });

  return {
    /** True when mails are kept in the dev outbox instead of sent (no SMTP configured). */
    usesDevOutbox: !transport,
    /** Enqueues a mail in the caller's transaction: sent after it commits, never if it rolls back. */
    enqueue: (executor: Executor, message: MailMessage) => jobs.enqueue(executor, MAIL_JOB, message),
    /** Enqueues many mails in the caller's transaction in one statement. */
    enqueueMany: (executor: Executor, messages: readonly MailMessage[]) => jobs.enqueueMany(executor, MAIL_JOB, messages),
    deliver,
  };
}

export type Mail = ReturnType<typeof createMail>;
