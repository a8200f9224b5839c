import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { sendError } from './envelope.ts';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * A scrape from this host itself: the socket's peer is loopback and no proxy forwarded the call
 * (a reverse proxy on the same host connects from loopback too, but says whom it forwards).
 */
function isLocalCall(request: FastifyRequest): boolean {
  const headers = request.headers;
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined) return false;
  return LOOPBACK.test(request.raw.socket?.remoteAddress ?? '');
}

function hasToken(request: FastifyRequest, token: string): boolean {
  const sent = request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (!sent) return false;
  const left = Buffer.from(sent);
  const right = Buffer.from(token);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Prometheus metrics at /metrics: process defaults plus request durations by route and status.
 * They describe the service's load and routes, so they are served to the host itself, or to a
 * scraper that sends `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets CANNOT_ACCESS (403).
 */
export function registerMetrics(app: FastifyInstance, options: { token: string | undefined }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  // One labelled series per method, route and status, found by one string key (prom-client would
  // hash the three labels again on every observation).
  const series = new Map<string, ReturnType<typeof duration.labels>>();
  // A callback hook: an async one costs a promise on every request.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'not_found';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = series.get(key);
    if (!child) series.set(key, (child = duration.labels({ method: request.method, route, status_code: String(reply.statusCode) })));
    child.observe(reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isLocalCall(request) && !(options.token && hasToken(request, options.token))) return sendError(request, reply, 'CANNOT_ACCESS');
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
