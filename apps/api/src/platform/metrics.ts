import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
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
  const duration = createDurationHistogram();
  // A callback hook: an async one costs a promise on every request.
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(request.method, request.routeOptions.url ?? 'not_found', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isLocalCall(request) && !(options.token && hasToken(request, options.token))) return sendError(request, reply, 'CANNOT_ACCESS');
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    const defaults = await registry.metrics();
    return `${defaults.endsWith('\n') ? defaults : `${defaults}\n`}${duration.text()}`;
  });
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
const DURATION_NAME = 'http_request_duration_seconds';

/** A Prometheus label value: backslash, double quote and line feed escaped (exposition format). */
const labelValue = (value: string) => value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');

/**
 * Request durations by method, route and status as a Prometheus histogram, kept by hand: one
 * series per method, status and route, found by one string key, each an array of bucket counts
 * (prom-client's Histogram validated and hashed the three labels again on every observation —
 * 2 % of a cached read's CPU, issue 8). Written in the text exposition format after the registry's
 * metrics, exactly as prom-client wrote it (cumulative `_bucket` lines with `le`, `_sum`, `_count`).
 */
export function createDurationHistogram(buckets: readonly number[] = DURATION_BUCKETS) {
  interface Series {
    readonly labels: string;
    readonly counts: Float64Array;
    sum: number;
    count: number;
  }
  const series = new Map<string, Series>();
  return {
    observe(method: string, route: string, statusCode: number, seconds: number) {
      const key = `${method} ${statusCode} ${route}`;
      let found = series.get(key);
      if (!found) {
        found = { labels: `method="${labelValue(method)}",route="${labelValue(route)}",status_code="${statusCode}"`, counts: new Float64Array(buckets.length), sum: 0, count: 0 };
        series.set(key, found);
      }
      for (let i = 0; i < buckets.length; i++) {
        if (seconds <= buckets[i]!) {
          found.counts[i]!++;
          break;
        }
      }
      found.sum += seconds;
      found.count++;
    },
    text(): string {
      const lines = [`# HELP ${DURATION_NAME} HTTP request duration by method, route and status code`, `# TYPE ${DURATION_NAME} histogram`];
      for (const { labels, counts, sum, count } of series.values()) {
        let cumulative = 0;
        for (let i = 0; i < buckets.length; i++) {
          cumulative += counts[i]!;
          lines.push(`${DURATION_NAME}_bucket{le="${buckets[i]}",${labels}} ${cumulative}`);
        }
        lines.push(`${DURATION_NAME}_bucket{le="+Inf",${labels}} ${count}`, `${DURATION_NAME}_sum{${labels}} ${sum}`, `${DURATION_NAME}_count{${labels}} ${count}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}
