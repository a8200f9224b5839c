import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ConsoleRefusal, ORG_PRODUCT_ID } from './console-client.ts';
import type { MailService } from './mail-service.ts';

/** How far a hook's timestamp may be from the product's clock (replays older than this are refused). */
const TOLERANCE_S = 300;

/** Whether `webhook-signature` holds a v1 HMAC-SHA256 of "<id>.<timestamp>.<body>" under the shared key. */
export function hookSignatureValid(key: string, id: string, timestamp: string, body: string, signatureHeader: string): boolean {
  const expected = Buffer.from(createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64'));
  return signatureHeader.split(' ').some((part) => {
    const [version, signature] = part.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

interface HookEvent {
  eventId: string;
  eventType: string;
  productId?: string;
  appKey: string;
  secretKey?: string | null;
}

/**
 * `POST /hooks/console` (docs/products.md §5): the console tells the product that it was enabled
 * (with the new Appkey and its SecretKey), disabled (the Appkey), or that a SecretKey was reissued
 * (only when the catalogue says COMPLETE). Signed with the key the console shares with its
 * products (PRODUCT_PROXY_SECRET), as the X-Console-Actor header is.
 * - ENABLED / REISSUED: the SecretKey is checked with the console, then kept for the Appkey — the
 *   product's page can send mail at once, no SecretKey to paste. A pair the console refuses (it was
 *   regenerated again meanwhile) is dropped: a later event brings the newest.
 * - DISABLED: the Appkey and its SecretKey are forgotten.
 * Answers 204 when done (the same event again changes nothing), 401 for a bad or stale signature,
 * 503 when the console cannot be asked (the console tries again later).
 */
export function registerConsoleHooks(app: FastifyInstance, deps: { mail: MailService; key: string | undefined; clock: () => Date }) {
  void app.register(async (scope) => {
    // The signature covers the body as sent: read it as text.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/hooks/console', async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const id = String(request.headers['webhook-id'] ?? '');
      const timestamp = String(request.headers['webhook-timestamp'] ?? '');
      const signature = String(request.headers['webhook-signature'] ?? '');
      const age = Math.abs(deps.clock().getTime() / 1000 - Number(timestamp));
      if (!deps.key || !id || !(age <= TOLERANCE_S) || !hookSignatureValid(deps.key, id, timestamp, body, signature)) {
        return reply.status(401).send({ error: 'bad signature' });
      }
      let event: HookEvent;
      try {
        event = JSON.parse(body) as HookEvent;
      } catch {
        return reply.status(400).send({ error: 'not JSON' });
      }
      if (event.eventId !== id || typeof event.appKey !== 'string') return reply.status(400).send({ error: 'not an event' });
      if (event.productId === ORG_PRODUCT_ID) {
        // Email Insights (an organization service) reads the product's own data and calls the
        // console with no key: its events are acknowledged and nothing is kept.
        return reply.status(204).send();
      }
      if (event.eventType === 'PRODUCT_DISABLED') {
        await deps.mail.forgetKey(event.appKey);
      } else if ((event.eventType === 'PRODUCT_ENABLED' || event.eventType === 'APPKEY_SECRET_KEY_REISSUED') && event.secretKey) {
        try {
          const identity = await deps.mail.authenticate(event.appKey, event.secretKey);
          await deps.mail.storeSecret(identity, event.secretKey, 'console');
        } catch (error) {
          if (!(error instanceof ConsoleRefusal)) throw error;
          if (error.status >= 500 || error.status === 0) return reply.status(503).send({ error: 'console unreachable' });
        }
      }
      return reply.status(204).send();
    });
  });
}
