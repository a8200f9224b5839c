import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createDurationHistogram } from './metrics.ts';

/** The exposition's lines, in an order that does not depend on the writer's. */
const lines = (text: string) => text.trim().split('\n').sort();

describe('the request duration histogram', () => {
  it('writes what prom-client wrote for the same observations (buckets cumulative, sum, count, escaped labels)', async () => {
    const registry = new Registry();
    const reference = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const ours = createDurationHistogram();
    const observations: [string, string, number, number][] = [
      ['GET', '/api/a', 200, 0.001],
      ['GET', '/api/a', 200, 0.005],
      ['GET', '/api/a', 200, 0.0051],
      ['GET', '/api/a', 404, 0.3],
      ['POST', '/api/b/:id', 200, 12],
      ['GET', 'not_found', 404, 0.02],
      ['GET', '/api/"odd"\\path\nx', 500, 0.07],
    ];
    for (const [method, route, status, seconds] of observations) {
      ours.observe(method, route, status, seconds);
      reference.labels({ method, route, status_code: String(status) }).observe(seconds);
    }
    expect(lines(ours.text())).toEqual(lines(await registry.metrics()));
  });
});
