import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './envelope.ts';
import { AppError } from './errors.ts';

/** A bare app with the platform's error handling and a context, and routes that fail on purpose. */
async function appThatFails() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onRequest', async (request) => {
    request.ctx = { lang: request.headers.lang === 'en' ? 'en' : 'ko' } as typeof request.ctx;
  });
  app.get('/app-error', async () => {
    throw new AppError('TOO_MANY_REQUESTS', { params: { retryAfter: 42 }, extra: { clientIp: '10.0.0.1' } });
  });
  app.get('/unique', async () => {
    throw Object.assign(new Error('duplicate key value violates unique constraint "members_email_key"'), { code: '23505' });
  });
  app.get('/foreign-key', async () => {
    throw Object.assign(new Error('insert or update on table "x" violates foreign key constraint'), { code: '23503' });
  });
  app.get('/boom', async () => {
    throw new Error('connection to 10.1.2.3 failed: password authentication failed for user "root"');
  });
  app.get('/bad-response', { schema: { response: { 200: z.object({ n: z.number() }) } } }, async () => ({ n: 'x' }) as unknown as { n: number });
  await app.ready();
  return app;
}

describe('error envelope', () => {
  it('turns an AppError into its code, status, formatted message and extra fields', async () => {
    const app = await appThatFails();
    const response = await app.inject({ method: 'GET', url: '/app-error', headers: { lang: 'en' } });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      header: { isSuccessful: false, resultCode: 10429 },
      clientIp: '10.0.0.1',
      params: { retryAfter: 42 },
    });
    expect(response.json().header.resultMessage).toContain('42');
  });

  it('maps PostgreSQL unique and foreign-key violations to 60004 and 10001 without the SQL text', async () => {
    const app = await appThatFails();
    const unique = await app.inject({ method: 'GET', url: '/unique' });
    expect(unique.statusCode).toBe(400);
    expect(unique.json().header.resultCode).toBe(60004);
    expect(unique.body).not.toContain('members_email_key');
    expect((await app.inject({ method: 'GET', url: '/foreign-key' })).json().header.resultCode).toBe(10001);
  });

  it('answers the unexpected with -1 and a request id, leaking nothing', async () => {
    const app = await appThatFails();
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json().header.resultCode).toBe(-1);
    expect(response.json().requestId).toEqual(expect.any(String));
    expect(response.body).not.toMatch(/10\.1\.2\.3|password|root/);
  });

  it('refuses to send an answer that breaks its own schema', async () => {
    const app = await appThatFails();
    const response = await app.inject({ method: 'GET', url: '/bad-response' });
    expect(response.statusCode).toBe(500);
    expect(response.json().header.resultCode).toBe(-1);
  });
});
