import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The console's security headers (CSP, HSTS, frame and referrer rules… from helmet), worked out once
 * at start and set on every answer. They depend on nothing of the request (no CSP nonces), so
 * building helmet's middleware per request — which @fastify/helmet does, parsing the CSP directives
 * every time (about 5 % of a signed-in read's CPU, issue 8) — buys nothing.
 */
export const SECURITY_HEADER_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Cloudscape sets style attributes at runtime; no inline scripts are allowed.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets with these options, as name → value, by running its middleware once. */
export function securityHeaders(options: Readonly<HelmetOptions> = SECURITY_HEADER_OPTIONS): ReadonlyArray<readonly [string, string]> {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]);
      return response;
    },
    removeHeader() {},
  };
  helmet(options as HelmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}
