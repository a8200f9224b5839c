import { Writable } from 'node:stream';
import { defineEndpoint, multiline, PUBLIC, RoleGroupDescriptionSchema } from '@console/contracts';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './envelope.ts';
import { registerEndpoint } from './routes.ts';
import { validatorCompiler } from './validation.ts';

const Body = z.object({
  name: z.string().trim().min(1).max(10),
  description: multiline(z.string().max(100)).optional(),
  groupDescription: RoleGroupDescriptionSchema.optional(),
  count: z.number().int().min(1).max(20).optional(),
  tags: z.array(z.string().max(5)).max(2).default([]),
  labels: z.record(z.string(), z.string()).optional(),
  kind: z.enum(['A', 'B']).optional(),
});

/** A bare app with the platform's validator, error handling and a caller language; `lines` gets its log. */
async function appWithValidation() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onRequest', async (request) => {
    request.ctx = { lang: request.headers.lang === 'ko' ? 'ko' : 'en' } as typeof request.ctx;
  });
  app.post('/things', { schema: { body: Body, querystring: z.object({ q: z.string().max(50).optional() }) } }, (request) => ({ received: request.body }));
  const download = defineEndpoint({ id: 'test.download', method: 'GET', path: '/download', summary: 'a file', tag: 'test', access: PUBLIC, response: z.object({}) });
  registerEndpoint(app, download, async ({ reply }) => reply.header('content-type', 'application/octet-stream').send(Buffer.from('file')) as never);
  await app.ready();
  return { app, lines };
}

const post = async (payload: object, lang = 'en', query = '') => {
  const { app } = await appWithValidation();
  return app.inject({ method: 'POST', url: `/things${query}`, headers: { lang }, payload });
};

describe('every text input refuses control characters (400 with a field error)', () => {
  it.each([
    ['NUL in a field', { name: 'a\u0000b' }, 'body.name', 'Control characters are not allowed.'],
    ['ESC in a list item', { name: 'a', tags: ['ok', '\u001b'] }, 'body.tags.1', 'Control characters are not allowed.'],
    ['a control character in a record key', { name: 'a', labels: { 'k\u0001': 'v' } }, 'body.labels.k\u0001', 'Control characters are not allowed.'],
    ['NUL even in a multi-line field', { name: 'a', description: 'two\nlines\u0000' }, 'body.description', 'Control characters are not allowed.'],
    ['a line break in a single-line field', { name: 'a\nb' }, 'body.name', 'Enter one line, without line breaks or tabs.'],
    ['a C1 control character', { name: 'a\u0085' }, 'body.name', 'Control characters are not allowed.'],
  ])('%s', async (_case, payload, field, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ header: { isSuccessful: false, resultCode: 10001 }, fieldErrors: [{ field, message }] });
  });

  it('in the query too', async () => {
    const response = await post({ name: 'a' }, 'en', '?q=%00');
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'query.q', message: 'Control characters are not allowed.' }]);
  });

  it('allows tab and line breaks in multi-line fields, and ignores fields the schema drops', async () => {
    const response = await post({ name: 'a', description: 'line one\r\nline\ttwo', groupDescription: 'x\ny', dropped: '\u0000' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().received).toEqual({ name: 'a', description: 'line one\r\nline\ttwo', groupDescription: 'x\ny', tags: [] });
  });
});

describe("field errors are the app's own messages in the caller's language, never zod's", () => {
  it.each([
    ['a text too long', { name: 'x'.repeat(11) }, 'body.name', 'Enter at most 10 characters.', '10자 이하로 입력해 주세요.'],
    ['a missing field', {}, 'body.name', 'This field is required.', '필수 입력 항목입니다.'],
    ['an empty text', { name: '  ' }, 'body.name', 'This field is required.', '필수 입력 항목입니다.'],
    ['a wrong type', { name: 5 }, 'body.name', 'Enter text.', '문자열을 입력해 주세요.'],
    ['a number too big', { name: 'a', count: 21 }, 'body.count', 'Enter 20 or less.', '20 이하의 값을 입력해 주세요.'],
    ['a fraction', { name: 'a', count: 1.5 }, 'body.count', 'Enter a whole number.', '정수를 입력해 주세요.'],
    ['a list too long', { name: 'a', tags: ['a', 'b', 'c'] }, 'body.tags', 'Give at most 2.', '2개까지 지정할 수 있습니다.'],
    ['a value not in the set', { name: 'a', kind: 'C' }, 'body.kind', 'Give one of: A, B', '다음 중 하나를 지정해 주세요: A, B'],
  ])('%s', async (_case, payload, field, en, ko) => {
    const english = await post(payload, 'en');
    expect(english.statusCode).toBe(400);
    expect(english.json().fieldErrors).toEqual([{ field, message: en }]);
    const korean = await post(payload, 'ko');
    expect(korean.json().fieldErrors).toEqual([{ field, message: ko }]);
  });
});

describe('a binary answer of registerEndpoint', () => {
  it('is sent once: no "Reply was already sent" warning', async () => {
    const { app, lines } = await appWithValidation();
    for (let index = 0; index < 3; index++) {
      const response = await app.inject({ method: 'GET', url: '/download' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('file');
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.filter((line) => line.includes('already sent'))).toEqual([]);
  });
});
