import { randomBytes, randomUUID } from 'node:crypto';
import { ConsoleRefusal, type ConsoleClient, type Identity } from './console-client.ts';
import type { Sealer } from './crypto.ts';
import { inTransaction, SCHEMA, type Pool } from './db.ts';
import { t, type Lang, type TextKey } from './i18n.ts';
import { recordEvent } from './reporter.ts';

export const MAX_RECIPIENTS = 100;
export const LIMITS = { senderName: 100, subject: 998, body: 100_000, address: 254 } as const;

export interface SendInput {
  senderAddress: string;
  senderName?: string | undefined;
  title: string;
  body: string;
  receivers: { address: string; type: 'MRT0' | 'MRT1' | 'MRT2' }[];
}

/** A field's problem, in the caller's language: `{ field: message }`. */
export type FieldErrors = Record<string, string>;

export class InputError extends Error {
  readonly fieldErrors: FieldErrors;
  constructor(fieldErrors: FieldErrors) {
    super('invalid input');
    this.fieldErrors = fieldErrors;
  }
}

const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
export const isEmail = (value: string) => value.length <= LIMITS.address && EMAIL.test(value);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f]/;

/**
 * A recipient domain that can never receive mail: `.invalid` is reserved by RFC 2606 and never
 * resolves. The product refuses it per recipient (status FAILED) instead of handing it to SMTP.
 */
export const isUndeliverable = (address: string) => /(^|\.)invalid$/i.test(address.split('@')[1] ?? '');

/** Checks a send request; every problem is named next to its field (`receivers`, `title`, …). */
export function checkSendInput(raw: unknown, lang: Lang): SendInput {
  const input = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const text = (field: string, value: unknown, max: number, required: boolean, multiline: boolean): string => {
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (required && trimmed.length === 0) errors[field] = t(lang, 'errRequired');
    else if (trimmed.length > max) errors[field] = t(lang, 'errTooLong', { max });
    else if ((multiline ? CONTROL : CONTROL_OR_BREAK).test(trimmed)) errors[field] = t(lang, 'errControl');
    return trimmed;
  };
  const senderAddress = text('senderAddress', input.senderAddress, LIMITS.address, true, false);
  if (!errors.senderAddress && !isEmail(senderAddress)) errors.senderAddress = t(lang, 'errEmail', { value: senderAddress });
  const senderName = text('senderName', input.senderName, LIMITS.senderName, false, false);
  const title = text('title', input.title, LIMITS.subject, true, false);
  const body = text('body', input.body, LIMITS.body, true, true);
  const receivers: SendInput['receivers'] = [];
  const list = Array.isArray(input.receiverList) ? input.receiverList : [];
  for (const item of list) {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const address = typeof entry.receiveMailAddr === 'string' ? entry.receiveMailAddr.trim().toLowerCase() : '';
    const type = entry.receiveType === 'MRT1' || entry.receiveType === 'MRT2' ? entry.receiveType : 'MRT0';
    if (!isEmail(address)) {
      errors.receiverList = t(lang, 'errEmail', { value: address || '""' });
      break;
    }
    if (!receivers.some((receiver) => receiver.address === address)) receivers.push({ address, type });
  }
  if (!errors.receiverList && receivers.length === 0) errors.receiverList = t(lang, 'errRequired');
  if (list.length > MAX_RECIPIENTS) errors.receiverList = t(lang, 'errTooMany');
  if (Object.keys(errors).length > 0) throw new InputError(errors);
  return { senderAddress: senderAddress.toLowerCase(), senderName: senderName || undefined, title, body, receivers };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

interface MailRow {
  mail_id: string;
  request_id: string;
  app_key: string;
  org_id: string;
  project_id: string;
  sender_address: string;
  sender_name: string | null;
  receive_address: string;
  receive_type: string;
  title: string;
  body: string;
  status: 'SENDING' | 'SENT' | 'FAILED';
  failure_reason: string | null;
  open_token: string;
  open_count: number;
  first_opened_at: Date | null;
  source: 'API' | 'CONSOLE';
  created_by: string | null;
  created_at: Date;
}

const LOCALE_OF: Record<Lang, string> = { ko: 'ko_KR', en: 'en_US', ja: 'ja_JP', zh: 'zh_CN' };

/** How long a mail may stay SENDING (the process stopped mid-send) before it is sent again. */
export const STALE_SENDING_MS = 2 * 60_000;

export function createMailService(deps: { pool: Pool; console: ConsoleClient; sealer: Sealer; publicUrl: string; clock?: () => Date }) {
  const { pool, sealer, publicUrl } = deps;
  const clock = deps.clock ?? (() => new Date());

  const newRequestId = () => {
    const stamp = clock().toISOString().replace(/[-:TZ.]/g, '').slice(0, 14);
    return `${stamp}${randomBytes(5).toString('hex')}`;
  };

  /** The SecretKey the product keeps for an Appkey, opened. */
  async function secretOf(appKey: string): Promise<string | undefined> {
    const { rows: [row] } = await pool.query<{ secret_key_enc: string }>(`select secret_key_enc from ${SCHEMA}.app_keys where app_key = $1`, [appKey]);
    return row ? sealer.open(row.secret_key_enc) : undefined;
  }

  /** Hands the SENDING rows of one request to the console's mail platform, then records the outcome and its counters. */
  async function deliver(rows: MailRow[], secretKey: string, lang: Lang) {
    if (rows.length === 0) return;
    const first = rows[0]!;
    let failure: ConsoleRefusal | undefined;
    try {
      await deps.console.sendMail(first.app_key, secretKey, {
        replyTo: first.sender_address,
        subject: first.title,
        locale: LOCALE_OF[lang],
        messages: rows.map((row) => {
          const footer = t(lang, 'mailFooter', { sender: row.sender_name ? `${row.sender_name} <${row.sender_address}>` : row.sender_address });
          const pixel = `${publicUrl}/o/${row.mail_id}/${row.open_token}.gif`;
          return {
            to: row.receive_address,
            text: `${row.body}\n\n--\n${footer}`,
            html: `<div>${escapeHtml(row.body).replace(/\r?\n/g, '<br>')}</div><hr><p style="color:#687078;font-size:12px">${escapeHtml(footer)}</p><img src="${escapeHtml(pixel)}" width="1" height="1" alt="">`,
          };
        }),
      });
    } catch (error) {
      failure = error instanceof ConsoleRefusal ? error : new ConsoleRefusal(0, undefined, String(error));
    }
    // Unreachable or failing console: left SENDING, sent again by resendStale (at least once).
    if (failure && (failure.status === 0 || failure.status >= 500)) return failure;
    await inTransaction(pool, async (client) => {
      const ids = rows.map((row) => row.mail_id);
      await client.query(
        `update ${SCHEMA}.mails set status = $2, failure_reason = $3, updated_at = now() where mail_id = any($1::uuid[]) and status = 'SENDING'`,
        [ids, failure ? 'FAILED' : 'SENT', failure ? 'RELAY_REFUSED' : null],
      );
      await recordEvent(client, {
        appKey: first.app_key,
        eventKey: `${first.request_id}:${first.mail_id}:delivered`,
        sender: first.sender_address,
        at: clock(),
        counters: failure ? { failure_count: rows.length } : { sent_count: rows.length, success_count: rows.length },
      });
    });
    return failure;
  }

  return {
    /** The console's answer for a pair (throws ConsoleRefusal). */
    authenticate: (appKey: string, secretKey: string): Promise<Identity> => deps.console.verify(appKey, secretKey),

    /**
     * Sends one request: a row per recipient written with the request's counters in one
     * transaction (SENDING, or FAILED for a domain that cannot exist), then handed to the console's
     * mail platform, then marked SENT or FAILED with the delivery's counters.
     */
    async send(identity: Identity, secretKey: string, input: SendInput, source: 'API' | 'CONSOLE', createdBy: string | undefined, lang: Lang) {
      const requestId = newRequestId();
      const now = clock();
      const rows = await inTransaction(pool, async (client) => {
        const inserted: MailRow[] = [];
        for (const receiver of input.receivers) {
          const undeliverable = isUndeliverable(receiver.address);
          const { rows: [row] } = await client.query<MailRow>(
            `insert into ${SCHEMA}.mails (mail_id, request_id, app_key, org_id, project_id, sender_address, sender_name, receive_address, receive_type,
               title, body, status, failure_reason, open_token, source, created_by, created_at, updated_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17) returning *`,
            [
              randomUUID(),
              requestId,
              identity.appKey,
              identity.orgId,
              identity.projectId,
              input.senderAddress,
              input.senderName ?? null,
              receiver.address,
              receiver.type,
              input.title,
              input.body,
              undeliverable ? 'FAILED' : 'SENDING',
              undeliverable ? 'DOMAIN_NOT_FOUND' : null,
              randomBytes(16).toString('base64url'),
              source,
              createdBy ?? null,
              now,
            ],
          );
          inserted.push(row!);
        }
        const failed = inserted.filter((row) => row.status === 'FAILED').length;
        await recordEvent(client, {
          appKey: identity.appKey,
          eventKey: `${requestId}:accepted`,
          sender: input.senderAddress,
          at: now,
          counters: { request_count: 1, failure_count: failed },
        });
        return inserted;
      });
      await deliver(rows.filter((row) => row.status === 'SENDING'), secretKey, lang);
      const { rows: final } = await pool.query<MailRow>(`select * from ${SCHEMA}.mails where request_id = $1 order by receive_address`, [requestId]);
      return { requestId, mails: final };
    },

    /** Sends again the mails left SENDING by a process stopped mid-send (with the SecretKey the product keeps). */
    async resendStale(lang: Lang = 'en') {
      const { rows } = await pool.query<MailRow>(
        `update ${SCHEMA}.mails set updated_at = now() where mail_id in (
           select mail_id from ${SCHEMA}.mails where status = 'SENDING' and updated_at < $1 order by updated_at limit 100 for update skip locked)
         returning *`,
        [new Date(clock().getTime() - STALE_SENDING_MS)],
      );
      const byRequest = new Map<string, MailRow[]>();
      for (const row of rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row]);
      for (const group of byRequest.values()) {
        const secretKey = await secretOf(group[0]!.app_key);
        if (secretKey) await deliver(group, secretKey, lang);
      }
      return rows.length;
    },

    /** A page of a project's mails, newest first. */
    async list(projectId: string, page: number, limit: number, filter: { requestId?: string | undefined } = {}) {
      const where = filter.requestId ? 'project_id = $1 and request_id = $2' : 'project_id = $1';
      const params: unknown[] = filter.requestId ? [projectId, filter.requestId] : [projectId];
      const { rows } = await pool.query<MailRow>(
        `select * from ${SCHEMA}.mails where ${where} order by created_at desc, mail_id desc limit ${limit} offset ${(page - 1) * limit}`,
        params,
      );
      const { rows: [count] } = await pool.query<{ total: string }>(`select count(*) as total from ${SCHEMA}.mails where ${where}`, params);
      return { rows, totalCount: Number(count?.total ?? 0) };
    },

    /**
     * The organization overview (Email Insights): per project of the organization, the recipients
     * handed to the product since `since` (all when null) and how they went; busiest first.
     */
    async orgOverview(orgId: string, since: Date | null) {
      const { rows } = await pool.query<{ project_id: string; total: string; sent: string; failed: string; sending: string; opened: string; last_at: Date }>(
        `select project_id, count(*) as total,
                count(*) filter (where status = 'SENT') as sent,
                count(*) filter (where status = 'FAILED') as failed,
                count(*) filter (where status = 'SENDING') as sending,
                count(*) filter (where open_count > 0) as opened,
                max(created_at) as last_at
           from ${SCHEMA}.mails
          where org_id = $1 and ($2::timestamptz is null or created_at >= $2)
          group by project_id
          order by count(*) filter (where status = 'SENT') desc, project_id`,
        [orgId, since],
      );
      return rows.map((row) => ({
        projectId: row.project_id,
        total: Number(row.total),
        sent: Number(row.sent),
        failed: Number(row.failed),
        sending: Number(row.sending),
        opened: Number(row.opened),
        lastAt: row.last_at,
      }));
    },

    /** Counts an open (the pixel): once per fetch, with its counters; a wrong token changes nothing. */
    async recordOpen(mailId: string, token: string) {
      if (!/^[0-9a-f-]{36}$/.test(mailId)) return false;
      return inTransaction(pool, async (client) => {
        const { rows: [row] } = await client.query<MailRow>(
          `update ${SCHEMA}.mails set open_count = open_count + 1, first_opened_at = coalesce(first_opened_at, $3), updated_at = now()
            where mail_id = $1 and open_token = $2 and status = 'SENT' returning *`,
          [mailId, token, clock()],
        );
        if (!row) return false;
        await recordEvent(client, {
          appKey: row.app_key,
          eventKey: `${row.mail_id}:open:${row.open_count}`,
          sender: row.sender_address,
          at: clock(),
          counters: { open_count: 1 },
        });
        return true;
      });
    },

    secretOf,

    async keyState(appKey: string) {
      const { rows: [row] } = await pool.query<{ set_at: Date; refused_at: Date | null; set_by: string | null }>(
        `select set_at, refused_at, set_by from ${SCHEMA}.app_keys where app_key = $1`,
        [appKey],
      );
      return row;
    },

    /** Keeps a SecretKey the console has just accepted for this Appkey (sealed). */
    async storeSecret(identity: Identity, secretKey: string, setBy: string | undefined) {
      await pool.query(
        `insert into ${SCHEMA}.app_keys (app_key, org_id, project_id, secret_key_enc, set_by, set_at, refused_at) values ($1, $2, $3, $4, $5, $6, null)
         on conflict (app_key) do update set secret_key_enc = excluded.secret_key_enc, set_by = excluded.set_by, set_at = excluded.set_at, refused_at = null,
           org_id = excluded.org_id, project_id = excluded.project_id`,
        [identity.appKey, identity.orgId, identity.projectId, sealer.seal(secretKey), setBy ?? null, clock()],
      );
    },

    /** Forgets an Appkey and its SecretKey (the service was disabled: the console said so). */
    async forgetKey(appKey: string) {
      await pool.query(`delete from ${SCHEMA}.app_keys where app_key = $1`, [appKey]);
    },

    /** Notes that the console refused the kept SecretKey (the settings page says so). */
    async markRefused(appKey: string) {
      await pool.query(`update ${SCHEMA}.app_keys set refused_at = $2 where app_key = $1`, [appKey, clock()]);
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
export type { MailRow };
export const reasonKeyOf = (reason: string | null): TextKey | undefined =>
  reason === 'DOMAIN_NOT_FOUND' ? 'reasonDOMAIN_NOT_FOUND' : reason === 'RELAY_REFUSED' ? 'reasonRELAY_REFUSED' : undefined;
