import * as api from '@console/contracts';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Client } from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client.ts';
import { projectAuthentications, projectProducts } from '../../db/schema/index.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { anonymous, type Caller } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';
import * as repository from './metrics.repository.ts';
import { MAINTENANCE_JOB, ROLLUP_JOB, rollupDue } from './metrics.jobs.ts';
import { tierFor } from './metrics.service.ts';
import { createDatabase } from '../../db/client.ts';
import { ensurePartitions } from './partitions.ts';

const w = worldOf({
  env: { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_HOURS: '720' },
  mailDomain: 'ingest.example.com',
  nameOf: null,
  org: { name: 'Ingest Org' },
  roles: { owner: 'OWNER', viewer: 'MEMBER', billing: 'MEMBER', outsider: null },
  otherOrg: { name: 'Other Org' },
  projects: {
    main: { name: 'Ingest Project', members: { viewer: ['DASHBOARD_VIEWER'], billing: ['BILLING_VIEWER'] } },
    bare: { name: 'No Services' },
    other: { name: 'Other Project', org: 'other' },
  },
});
const box = createSecretBox();
const keys: Record<string, { appKey: string; secretKey: string }> = {};

const SAMPLES = api.ingestSamples;
const USAGE = api.ingestUsage;
/** The main project's metrics query and usage list, as `who`. */
const queryAs = (who: Caller, body: object) => w.t.call(who, api.queryMetrics, { params: { projectId: w.projects.main }, body });
const usageAs = (who: Caller, query: Record<string, string>) => w.t.call(who, api.listUsage, { params: { projectId: w.projects.main }, query });

async function serviceKey(orgId: string, projectId: string, productId: string, name: string, statusCode: 'STABLE' | 'STOP' = 'STABLE') {
  const secretKey = `secret-${name}-${'x'.repeat(20)}`;
  const appKey = `svc${name}${'0'.repeat(20)}`.slice(0, 20);
  await w.t.db.insert(projectProducts).values({ orgId, projectId, productId, appKey, secretKeyEnc: box.seal(secretKey), statusCode });
  keys[name] = { appKey, secretKey };
}

async function projectKey(orgId: string, projectId: string, name: string, ipAclList: string[] = []) {
  const secretKey = `psecret-${name}-${'y'.repeat(20)}`;
  const appKey = `prj${name}${'0'.repeat(20)}`.slice(0, 20);
  await w.t.db.insert(projectAuthentications).values({ orgId, projectId, authAlias: name, authKey: appKey, secretKeyEnc: box.seal(secretKey), ipAclList });
  keys[name] = { appKey, secretKey };
}

const ingest = (endpoint: typeof SAMPLES | typeof USAGE, key: { appKey: string; secretKey: string } | undefined, body: object, lang = 'en_US') =>
  w.t.call(anonymous, endpoint, { headers: key ? { 'x-appkey': key.appKey, 'x-secret-key': key.secretKey } : {}, body, lang });

const at = (minutesFromNow: number) => new Date(w.t.clock.now().getTime() + minutesFromNow * 60_000).toISOString();

const sample = (overrides: Record<string, unknown> = {}) => ({
  service: 'email',
  resourceType: 'sender',
  resourceId: 'sender-1',
  metricName: 'sent_count',
  labels: { region: 'KR1' },
  timestamp: at(0),
  value: 1,
  ...overrides,
});

const record = (key: string, overrides: Record<string, unknown> = {}) => ({
  service: 'email',
  resourceType: 'sender',
  resourceId: 'sender-1',
  unit: 'COUNT',
  quantity: 1,
  timestamp: at(0),
  idempotencyKey: key,
  ...overrides,
});

const count = async (table: string, projectId?: string) => {
  const { rows } = await w.t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.raw(table)} ${projectId ? sql`where project_id = ${projectId}::uuid` : sql``}`,
  );
  return rows[0]!.n;
};

beforeAll(async () => {
  const { orgId, otherOrgId, projects } = w;
  await serviceKey(orgId, projects.main, 'email', 'email');
  await serviceKey(orgId, projects.main, 'sms', 'sms');
  await serviceKey(orgId, projects.bare, 'stopped', 'stopped', 'STOP');
  await projectKey(orgId, projects.main, 'proj');
  await projectKey(orgId, projects.bare, 'bare');
  await projectKey(orgId, projects.main, 'acl', ['10.9.9.0/24']);
  await serviceKey(otherOrgId, projects.other, 'email', 'other');
});

describe('POST ingest/samples', () => {
  it('stores a batch under the key’s organization and project, and marks its minute for the rollup', async () => {
    const response = await ingest(SAMPLES, keys.email, { samples: [sample(), sample({ resourceId: 'sender-2', value: 3 })] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ header: { isSuccessful: true, resultCode: 0 }, accepted: 2 });
    const { rows } = await w.t.db.execute<{ org_id: string; resource_id: string; value: number; labels: unknown }>(
      sql`select org_id, resource_id, value, labels from metric_samples where project_id = ${w.projects.main}::uuid order by resource_id`,
    );
    expect(rows).toEqual([
      { org_id: w.orgId, resource_id: 'sender-1', value: 1, labels: { region: 'KR1' } },
      { org_id: w.orgId, resource_id: 'sender-2', value: 3, labels: { region: 'KR1' } },
    ]);
    expect(await count('rollup_dirty', w.projects.main)).toBe(1);
  });

  it('takes a project Appkey for any service in use in its project', async () => {
    const response = await ingest(SAMPLES, keys.proj, { samples: [sample({ service: 'sms', metricName: 'sms_sent' }), sample()] });
    expect(response.json()).toMatchObject({ accepted: 2 });
  });

  it('answers one 401 code and text for a missing, unknown, wrong or stopped key pair, and stores nothing', async () => {
    const before = await count('metric_samples');
    const bodies = [];
    for (const key of [
      undefined,
      { appKey: keys.email!.appKey, secretKey: '' },
      { appKey: 'unknownunknownunknown', secretKey: keys.email!.secretKey },
      { appKey: keys.email!.appKey, secretKey: keys.proj!.secretKey },
      { appKey: keys.proj!.appKey, secretKey: keys.email!.secretKey },
      keys.stopped,
      { appKey: 'bad key!', secretKey: 'x' },
    ]) {
      const response = await ingest(SAMPLES, key, { samples: [sample({ service: 'stopped' })] });
      expect(response.statusCode).toBe(401);
      bodies.push({ header: response.json().header });
    }
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0]).toEqual({ header: { isSuccessful: false, resultCode: 10401, resultMessage: 'The Appkey or SecretKey is not valid.' } });
    expect(await count('metric_samples')).toBe(before);
  });

  it('checks the key before reading the body: a bad body without a key is still 401', async () => {
    const response = await ingest(SAMPLES, undefined, { nonsense: true });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a service the key may not use with 10402, as the product gateway does (service Appkey of another service; service not in use in the project)', async () => {
    const before = await count('metric_samples');
    const other = await ingest(SAMPLES, keys.email, { samples: [sample(), sample({ service: 'sms' })] });
    expect(other.statusCode).toBe(403);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ header: { resultCode: 10402 }, params: { service: 'sms' } });
    const notInUse = await ingest(SAMPLES, keys.bare, { samples: [sample()] });
    expect(notInUse.statusCode).toBe(403);
    expect(notInUse.json()).toMatchObject({ header: { resultCode: 10402 }, params: { service: 'email' } });
    // A STOPped product in use is not usable either (the 'stopped' row of the bare project).
    const stopped = await ingest(SAMPLES, keys.bare, { samples: [sample({ service: 'stopped' })] });
    expect(stopped.json().header.resultCode).toBe(10402);
    expect(await count('metric_samples')).toBe(before);
  });

  it('refuses a project Appkey from outside its IP ACL', async () => {
    const response = await ingest(SAMPLES, keys.acl, { samples: [sample()] });
    expect(response.statusCode).toBe(403);
    expect(response.json().header.resultCode).toBe(-8);
  });

  it('validates each item and names it by index; one bad item stores nothing', async () => {
    const before = await count('metric_samples');
    const response = await ingest(SAMPLES, keys.email, {
      samples: [sample(), sample({ metricName: 'bad name' }), sample({ value: 'x' }), sample({ timestamp: 'yesterday' })],
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().fieldErrors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(['body.samples.1.metricName', 'body.samples.2.value', 'body.samples.3.timestamp']);
    expect(await count('metric_samples')).toBe(before);
  });

  it('refuses timestamps older than 7 days or more than 5 minutes ahead, per item, in the caller’s language', async () => {
    const response = await ingest(
      SAMPLES,
      keys.email,
      { samples: [sample({ timestamp: at(-7 * 1440 - 1) }), sample({ timestamp: at(-7 * 1440 + 1) }), sample({ timestamp: at(6) }), sample({ timestamp: at(4) })] },
      'ko_KR',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().header.resultCode).toBe(10001);
    expect(response.json().fieldErrors).toEqual([
      { field: 'body.samples.0.timestamp', message: '7일보다 오래된 시각은 받을 수 없습니다.' },
      { field: 'body.samples.2.timestamp', message: '현재보다 5분 넘게 앞선 시각은 받을 수 없습니다.' },
    ]);
  });

  it('takes 1 to 1,000 items', async () => {
    const empty = await ingest(SAMPLES, keys.email, { samples: [] });
    expect(empty.statusCode).toBe(400);
    const tooMany = await ingest(SAMPLES, keys.email, { samples: Array.from({ length: 1001 }, () => sample()) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors[0].field).toBe('body.samples');
    const full = await ingest(SAMPLES, keys.email, { samples: Array.from({ length: 1000 }, (_, index) => sample({ resourceId: `bulk-${index % 100}` })) });
    expect(full.json()).toMatchObject({ accepted: 1000 });
  });

  it('makes the partition of a month that has none on demand (a sample 6 days old in the previous month)', async () => {
    const previousMonth = new Date(Date.UTC(2026, 9, 31, 23, 0)); // 2026-10-31, the clock is 2026-11-22
    w.t.clock.advanceDays(-16);
    try {
      const response = await ingest(SAMPLES, keys.email, { samples: [sample({ timestamp: previousMonth.toISOString(), resourceId: 'october' })] });
      expect(response.json(), response.body).toMatchObject({ accepted: 1 });
    } finally {
      w.t.clock.advanceDays(16);
    }
    const { rows } = await w.t.db.execute<{ n: number }>(sql`select count(*)::int as n from metric_samples_p202610`);
    expect(rows[0]!.n).toBe(1);
  });
});

describe('POST ingest/usage', () => {
  it('counts a repeated idempotency key once, within a batch and across batches', async () => {
    const first = await ingest(USAGE, keys.email, { records: [record('k-1', { quantity: 2 }), record('k-2'), record('k-1', { quantity: 99 })] });
    expect(first.json()).toMatchObject({ accepted: 2, duplicates: 1 });
    const again = await ingest(USAGE, keys.email, { records: [record('k-2'), record('k-3')] });
    expect(again.json()).toMatchObject({ accepted: 1, duplicates: 1 });
    const { rows } = await w.t.db.execute<{ idempotency_key: string; quantity: string }>(
      sql`select idempotency_key, quantity from usage_records where project_id = ${w.projects.main}::uuid order by idempotency_key`,
    );
    expect(rows.map((row) => [row.idempotency_key, Number(row.quantity)])).toEqual([['k-1', 2], ['k-2', 1], ['k-3', 1]]);
  });

  it('counts a key once when identical batches race', async () => {
    const batch = { records: Array.from({ length: 200 }, (_, index) => record(`race-${index}`, { quantity: 1.5 })) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => ingest(USAGE, keys.email, batch)));
    const accepted = answers.map((answer) => answer.json().accepted as number);
    expect(accepted.reduce((sum, value) => sum + value, 0)).toBe(200);
    expect(answers.every((answer) => answer.json().accepted + answer.json().duplicates === 200)).toBe(true);
    const { rows } = await w.t.db.execute<{ n: number }>(sql`select count(*)::int as n from usage_records where idempotency_key like 'race-%'`);
    expect(rows[0]!.n).toBe(200);
  });

  it('keeps keys per service and per project: the same key for another service or project counts', async () => {
    const sms = await ingest(USAGE, keys.proj, { records: [record('k-1', { service: 'sms' })] });
    expect(sms.json()).toMatchObject({ accepted: 1, duplicates: 0 });
    const elsewhere = await ingest(USAGE, keys.other, { records: [record('k-1')] });
    expect(elsewhere.json()).toMatchObject({ accepted: 1, duplicates: 0 });
  });

  it('validates unit, quantity and key per item', async () => {
    const response = await ingest(USAGE, keys.email, {
      records: [record('ok'), record('bad unit', { unit: 'count' }), record('neg', { quantity: -1 }), record('')],
    });
    expect(response.statusCode).toBe(400);
    expect([...new Set(response.json().fieldErrors.map((error: { field: string }) => error.field))]).toEqual([
      'body.records.1.unit',
      'body.records.1.idempotencyKey',
      'body.records.2.quantity',
      'body.records.3.idempotencyKey',
    ]);
  });
});

describe('tenancy', () => {
  it('another organization’s Appkey writes only to its own project, and its members never read this one', async () => {
    await ingest(SAMPLES, keys.other, { samples: [sample({ resourceId: 'theirs', value: 1000 })] });
    const { rows } = await w.t.db.execute<{ project_id: string }>(sql`select distinct project_id from metric_samples where resource_id = 'theirs'`);
    expect(rows).toEqual([{ project_id: w.projects.other }]);
    const query = await queryAs(w.as.outsider, { service: 'email', metricName: 'sent_count', preset: '1h' });
    expect(query.statusCode).toBe(404);
    expect(query.json().header.resultCode).toBe(40017);
    const usage = await usageAs(w.as.outsider, { from: at(-60), to: at(60) });
    expect(usage.statusCode).toBe(404);
    // This project's own read never shows the other organization's series.
    const mine = await queryAs(w.as.owner, { service: 'email', metricName: 'sent_count', preset: '1h' });
    expect(mine.json().series.map((series: { resourceId: string }) => series.resourceId)).not.toContain('theirs');
  });

  it('checks the query permissions: Project.Dashboard.Get for metrics, Project.Payment.Get for usage', async () => {
    expect((await queryAs(w.as.viewer, { service: 'email', metricName: 'sent_count', preset: '1h' })).statusCode).toBe(200);
    const refused = await usageAs(w.as.viewer, { from: at(-60), to: at(60) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ header: { resultCode: -6 }, neededPermissions: ['Project.Payment.Get'] });
    expect((await usageAs(w.as.billing, { from: at(-60), to: at(60) })).statusCode).toBe(200);
    const noDashboard = await queryAs(w.as.billing, { service: 'email', metricName: 'sent_count', preset: '1h' });
    expect(noDashboard.json()).toMatchObject({ header: { resultCode: -6 }, neededPermissions: ['Project.Dashboard.Get'] });
  });
});

const latencyRollups = async () =>
  (await w.t.db.execute<{ n: number }>(sql`select count(*)::int as n from metric_minute where project_id = ${w.projects.main}::uuid and metric_name = 'latency_ms'`)).rows[0]!.n;
/** The start of the next hour on the test clock. */
const nextHour = () => new Date(Math.floor(w.t.clock.now().getTime() / 3_600_000) * 3_600_000 + 3_600_000);

describe('rollups and the metric query', () => {

  it('rolls up a closed minute once, equal to the raw samples, and answers the same from raw and rollup', async () => {
    // A fresh hour of samples: 3 resources × 4 samples per minute for 3 minutes, two label values.
    w.t.clock.advanceMinutes(120);
    const start = nextHour();
    const samples = [];
    for (let minute = 0; minute < 3; minute++) {
      for (let resource = 0; resource < 3; resource++) {
        for (let index = 0; index < 4; index++) {
          samples.push(
            sample({
              metricName: 'latency_ms',
              resourceId: `r-${resource}`,
              labels: { status: index % 2 ? 'ok' : 'fail' },
              timestamp: new Date(start.getTime() + minute * 60_000 + index * 15_000).toISOString(),
              value: (minute + 1) * 10 + resource + index,
            }),
          );
        }
      }
    }
    w.t.clock.advanceMinutes(start.getTime() / 60_000 - w.t.clock.now().getTime() / 60_000 + 3.5);
    expect((await ingest(SAMPLES, keys.email, { samples })).json()).toMatchObject({ accepted: 36 });

    // The last minute (start+3…) is not closed for minute 2 until its end: advance past it.
    w.t.clock.advanceMinutes(1);
    await w.t.app.jobs.trigger(ROLLUP_JOB);
    await w.t.runPendingJobs();
    const { rows: compared } = await w.t.db.execute<{ raw: string; rolled: string }>(sql`
      select
        (select json_agg(r order by r.resource_id, r.labels::text, r.minute)::text from (
          select resource_id, labels, date_trunc('minute', ts, 'UTC') as minute, count(*) as c, sum(value) as s, min(value) as lo, max(value) as hi
          from metric_samples where project_id = ${w.projects.main}::uuid and metric_name = 'latency_ms' group by 1, 2, 3) r) as raw,
        (select json_agg(m order by m.resource_id, m.labels::text, m.minute)::text from (
          select resource_id, labels, minute, sample_count as c, value_sum as s, value_min as lo, value_max as hi
          from metric_minute where project_id = ${w.projects.main}::uuid and metric_name = 'latency_ms') m) as rolled`);
    expect(compared[0]!.rolled).toBe(compared[0]!.raw);
    expect(await latencyRollups()).toBe(18);

    // The coarser tiers hold the same figures: each 5-minute bucket the sum of its minutes, each hour of its 5-minute buckets.
    const { rows: tiers } = await w.t.db.execute<{ minutes: string; five: string; fromFive: string; hour: string; fromHour: string; day: string }>(sql`
      select
        (select json_agg(m order by m.resource_id, m.labels::text)::text from (
          select resource_id, labels, date_bin('5 minutes', minute, timestamptz '2000-01-01Z') as b, sum(sample_count) as c, sum(value_sum) as s, min(value_min) as lo, max(value_max) as hi
          from metric_minute where project_id = ${w.projects.main}::uuid and metric_name = 'latency_ms' group by 1, 2, 3) m) as minutes,
        (select json_agg(f order by f.resource_id, f.labels::text)::text from (
          select resource_id, labels, bucket as b, sample_count as c, value_sum as s, value_min as lo, value_max as hi
          from metric_5min where project_id = ${w.projects.main}::uuid and metric_name = 'latency_ms') f) as five,
        (select json_agg(f order by f.resource_id, f.labels::text)::text from (
          select resource_id, labels, date_trunc('hour', bucket, 'UTC') as b, sum(sample_count) as c, sum(value_sum) as s, min(value_min) as lo, max(value_max) as hi
          from metric_5min where project_id = ${w.projects.main}::uuid and metric_name = 'latency_ms' group by 1, 2, 3) f) as "fromFive",
        (select json_agg(h order by h.resource_id, h.labels::text)::text from (
          select resource_id, labels, bucket as b, sample_count as c, value_sum as s, value_min as lo, value_max as hi
          from metric_hour where project_id = ${w.projects.main}::uuid and metric_name = 'latency_ms') h) as hour,
        (select json_agg(h order by h.resource_id, h.labels::text)::text from (
          select resource_id, labels, date_trunc('day', bucket, 'UTC') as b, sum(sample_count) as c, sum(value_sum) as s, min(value_min) as lo, max(value_max) as hi
          from metric_hour where project_id = ${w.projects.main}::uuid and metric_name = 'latency_ms' group by 1, 2, 3) h) as "fromHour",
        (select json_agg(d order by d.resource_id, d.labels::text)::text from (
          select resource_id, labels, bucket as b, sample_count as c, value_sum as s, value_min as lo, value_max as hi
          from metric_day where project_id = ${w.projects.main}::uuid and metric_name = 'latency_ms') d) as day`);
    expect(tiers[0]!.five).toBe(tiers[0]!.minutes);
    expect(tiers[0]!.hour).toBe(tiers[0]!.fromFive);
    expect(JSON.parse(tiers[0]!.hour)).toHaveLength(6);
    expect(tiers[0]!.day).toBe(tiers[0]!.fromHour);
    expect(JSON.parse(tiers[0]!.day)).toHaveLength(6);

    // Running it again changes nothing; nothing is left due.
    await w.t.app.jobs.trigger(ROLLUP_JOB);
    await w.t.runPendingJobs();
    expect(await latencyRollups()).toBe(18);

    // The same three minutes asked raw (a 1-hour range) and from the rollups (a 2-hour range), per
    // aggregation and step: a step of 60 s reads the minutes, 300 s the 5-minute tier, 3600 s the hours, a day the days.
    for (const [aggregation, step] of (['avg', 'sum', 'min', 'max', 'count'] as const).flatMap((each) => [60, 300, 3600, 86_400].map((s) => [each, s] as const))) {
      const raw = await queryAs(w.as.viewer, {
        service: 'email',
        metricName: 'latency_ms',
        from: start.toISOString(),
        to: new Date(start.getTime() + 3_600_000).toISOString(),
        step,
        aggregation,
      });
      const rolled = await queryAs(w.as.viewer, {
        service: 'email',
        metricName: 'latency_ms',
        from: start.toISOString(),
        to: new Date(start.getTime() + 7_200_000).toISOString(),
        step,
        aggregation,
      });
      expect(raw.json().source).toBe('RAW');
      expect(rolled.json().source).toBe('ROLLUP');
      expect(rolled.json().series, `${aggregation} ${step}`).toEqual(raw.json().series);
      expect(raw.json().series).toHaveLength(3);
      expect(raw.json().series[0].timestamps).toHaveLength(step === 60 ? 3 : 1);
      expect(raw.json().series[0].values).toHaveLength(step === 60 ? 3 : 1);
    }
    const sums = await queryAs(w.as.viewer, {
      service: 'email',
      metricName: 'latency_ms',
      from: start.toISOString(),
      to: new Date(start.getTime() + 7_200_000).toISOString(),
      step: 3600,
      aggregation: 'count',
      filters: [{ key: 'status', operator: '=', value: 'ok' }],
      resourceIds: ['r-1', 'r-2'],
      seriesLimit: 1,
    });
    expect(sums.json()).toMatchObject({
      source: 'ROLLUP',
      step: 3600,
      truncated: true,
      series: [{ resourceType: 'sender', resourceId: 'r-1', timestamps: [start.getTime()], values: [6] }],
    });

    // The 1-year preset answers daily points from the day tier: the same figures as the raw samples bucketed by day.
    const dayOfRaw = await queryAs(w.as.viewer, {
      service: 'email',
      metricName: 'latency_ms',
      from: start.toISOString(),
      to: new Date(start.getTime() + 3_600_000).toISOString(),
      step: 86_400,
      aggregation: 'max',
    });
    const year = await queryAs(w.as.viewer, { service: 'email', metricName: 'latency_ms', preset: '1y', aggregation: 'max' });
    expect(year.json()).toMatchObject({ source: 'ROLLUP', step: 86_400 });
    expect(year.json().series).toEqual(dayOfRaw.json().series);
    expect(year.json().series[0].timestamps).toEqual([Math.floor(start.getTime() / 86_400_000) * 86_400_000]);
  });

  it('reads the coarsest rollup tier whose buckets divide the step', () => {
    expect([60, 120, 300, 600, 900, 1800, 3600, 10_800, 43_200, 86_400, 172_800].map(tierFor)).toEqual([
      'minute', 'minute', '5min', '5min', '5min', '5min', 'hour', 'hour', 'hour', 'day', 'day',
    ]);
  });

  it('leaves nothing half-done when a process dies in the middle of a rollup, and the next run completes it', async () => {
    const start = new Date(Math.floor(w.t.clock.now().getTime() / 60_000) * 60_000);
    await ingest(SAMPLES, keys.email, { samples: [sample({ metricName: 'crash_test', value: 5, timestamp: start.toISOString() }), sample({ metricName: 'crash_test', value: 7, timestamp: start.toISOString() })] });
    w.t.clock.advanceMinutes(2);
    const client = new Client({ connectionString: w.t.databaseUrl });
    await client.connect();
    client.on('error', () => {});
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const doomed = drizzle(client) as unknown as Executor;
    await client.query('begin');
    const dirty = await repository.lockNextDirty(doomed, w.t.clock.now());
    expect(dirty).toMatchObject({ kind: 'metric', name: 'crash_test' });
    await repository.rollupMetricMinute(doomed, dirty!);
    // Killed between the rollup's write and the mark's deletion.
    await w.t.db.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
    await client.end().catch(() => {});
    const rolled = async () =>
      (await w.t.db.execute<{ c: number; s: number }>(sql`select sample_count::int as c, value_sum as s from metric_minute where metric_name = 'crash_test'`)).rows;
    expect(await rolled()).toEqual([]);
    const { rows: marks } = await w.t.db.execute(sql`select 1 from rollup_dirty where name = 'crash_test'`);
    expect(marks).toHaveLength(1);
    await w.t.app.jobs.trigger(ROLLUP_JOB);
    await w.t.runPendingJobs();
    expect(await rolled()).toEqual([{ c: 2, s: 12 }]);
  });

  it('shares the due minutes between processes rolling up at once, each minute rolled up once and right', async () => {
    const start = new Date(Math.floor(w.t.clock.now().getTime() / 60_000) * 60_000 - 10 * 60_000);
    const samples = Array.from({ length: 400 }, (_, index) =>
      sample({ metricName: `race_${index % 4}`, resourceId: `r-${index % 5}`, timestamp: new Date(start.getTime() + (index % 10) * 60_000 + 1000).toISOString(), value: index }),
    );
    expect((await ingest(SAMPLES, keys.email, { samples })).json()).toMatchObject({ accepted: 400 });
    w.t.clock.advanceMinutes(2);
    const second = createDatabase(w.t.databaseUrl, 2);
    try {
      const [one, two] = await Promise.all([rollupDue(w.t.db, w.t.clock.now), rollupDue(second, w.t.clock.now)]);
      // 20 (metric, minute) marks (index mod 20 decides both), and whatever else was due.
      expect(one + two).toBeGreaterThanOrEqual(20);
    } finally {
      await second.$client.end();
    }
    const { rows } = await w.t.db.execute<{ c: number; s: number; n: number }>(
      sql`select sum(sample_count)::int as c, sum(value_sum)::float8 as s, count(*)::int as n from metric_minute where metric_name like 'race_%'`,
    );
    expect(rows[0]).toEqual({ c: 400, s: (399 * 400) / 2, n: 20 });
    expect((await w.t.db.execute(sql`select 1 from rollup_dirty where name like 'race_%'`)).rows).toEqual([]);
  });

  it('answers the §9 presets and refuses impossible ranges and steps', async () => {
    for (const preset of ['5m', '1h', '1d', '1w', '1M', '1y']) {
      const response = await queryAs(w.as.viewer, { service: 'email', metricName: 'sent_count', preset });
      expect(response.statusCode, `${preset}: ${response.body}`).toBe(200);
      expect(response.json().source).toBe(preset === '5m' || preset === '1h' ? 'RAW' : 'ROLLUP');
    }
    const noRange = await queryAs(w.as.viewer, { service: 'email', metricName: 'sent_count' });
    expect(noRange.json().fieldErrors[0].field).toBe('body.preset');
    const backwards = await queryAs(w.as.viewer, { service: 'email', metricName: 'sent_count', from: at(0), to: at(-10) });
    expect(backwards.json().fieldErrors[0].field).toBe('body.from');
    const tooFine = await queryAs(w.as.viewer, { service: 'email', metricName: 'sent_count', preset: '1d', step: 10 });
    expect(tooFine.statusCode).toBe(400);
    expect(tooFine.json().fieldErrors[0]).toMatchObject({ field: 'body.step' });
    const badPreset = await queryAs(w.as.viewer, { service: 'email', metricName: 'sent_count', preset: '2y' });
    expect(badPreset.statusCode).toBe(400);
  });
});

describe('usage rollups and the usage query', () => {
  it('sums usage per hour and per UTC day', async () => {
    const hour = new Date(Math.floor(w.t.clock.now().getTime() / 3_600_000) * 3_600_000);
    const records = [
      record('h-1', { quantity: 2, unit: 'BYTES', timestamp: new Date(hour.getTime() - 3_600_000 + 60_000).toISOString() }),
      record('h-2', { quantity: 3, unit: 'BYTES', timestamp: new Date(hour.getTime() + 60_000).toISOString() }),
      record('h-3', { quantity: 4.25, unit: 'BYTES', timestamp: new Date(hour.getTime() + 120_000).toISOString() }),
    ];
    expect((await ingest(USAGE, keys.email, { records })).json()).toMatchObject({ accepted: 3 });
    await w.t.app.jobs.trigger(ROLLUP_JOB);
    await w.t.runPendingJobs();
    const from = new Date(hour.getTime() - 3_600_000).toISOString();
    const to = new Date(hour.getTime() + 3_600_000).toISOString();
    const hourly = await usageAs(w.as.billing, { period: 'HOURLY', service: 'email', from, to });
    const bytes = hourly.json().usages.filter((usage: { unit: string }) => usage.unit === 'BYTES');
    expect(bytes).toEqual([
      { service: 'email', resourceType: 'sender', unit: 'BYTES', periodStart: from, quantity: 2, recordCount: 1 },
      { service: 'email', resourceType: 'sender', unit: 'BYTES', periodStart: hour.toISOString(), quantity: 7.25, recordCount: 2 },
    ]);
    const day = new Date(Date.UTC(hour.getUTCFullYear(), hour.getUTCMonth(), hour.getUTCDate()));
    const daily = await usageAs(w.as.billing, { period: 'DAILY', service: 'email', from: day.toISOString(), to: new Date(day.getTime() + 86_400_000).toISOString() });
    const dailyBytes = daily.json().usages.filter((usage: { unit: string }) => usage.unit === 'BYTES');
    const expected = hour.getUTCHours() === 0 ? 7.25 : 9.25;
    expect(dailyBytes).toEqual([{ service: 'email', resourceType: 'sender', unit: 'BYTES', periodStart: day.toISOString(), quantity: expected, recordCount: hour.getUTCHours() === 0 ? 2 : 3 }]);
    expect(daily.json().paging).toMatchObject({ page: 1 });
  });
});

describe('retention', () => {
  it('creates partitions ahead and drops those wholly older than each table’s retention', async () => {
    await ensurePartitions(w.t.db, [new Date(Date.UTC(2026, 5, 1)), new Date(Date.UTC(2026, 7, 1)), new Date(Date.UTC(2026, 9, 1))]);
    const exists = async (name: string) => (await w.t.db.execute(sql`select 1 from pg_class where relname = ${name}`)).rows.length === 1;
    expect(await exists('metric_samples_p202606')).toBe(true);
    await w.t.db.execute(sql`insert into metric_samples_p202606 (org_id, project_id, service, resource_type, resource_id, metric_name, ts, value)
      values (${w.orgId}::uuid, ${w.projects.main}::uuid, 'email', 'sender', 'old', 'sent_count', '2026-06-10T00:00:00Z', 1)`);
    await w.t.app.jobs.trigger(MAINTENANCE_JOB);
    await w.t.runPendingJobs();
    // Now 2026-11-22: raw metrics (14 days) and minute and 5-minute rollups (90 days) of June and August go;
    // usage (400 days) stays; next two months are ready.
    expect(await exists('metric_samples_p202606')).toBe(false);
    expect(await exists('metric_samples_p202608')).toBe(false);
    expect(await exists('metric_minute_p202606')).toBe(false);
    expect(await exists('metric_minute_p202608')).toBe(true); // ended 82 days ago: within 90
    expect(await exists('metric_5min_p202606')).toBe(false); // 5-minute buckets: 90 days too
    expect(await exists('metric_hour_p202606')).toBe(true); // hours are kept 400 days
    expect(await exists('metric_day_p202606')).toBe(true); // days too
    expect(await exists('usage_records_p202606')).toBe(true);
    expect(await exists('metric_samples_p202610')).toBe(false); // October ended 21 days ago: past 14
    expect(await exists('usage_records_p202610')).toBe(true);
    for (const month of ['202611', '202612', '202701']) expect(await exists(`metric_samples_p${month}`)).toBe(true);
    const { rows } = await w.t.db.execute<{ n: number }>(sql`select count(*)::int as n from metric_samples where resource_id = 'old'`);
    expect(rows[0]!.n).toBe(0);
  });
});
