import {
  INGEST_MAX_AGE_DAYS,
  INGEST_MAX_AHEAD_MINUTES,
  METRIC_QUERY_MAX_POINTS,
  METRIC_QUERY_MAX_RANGE_MS,
  METRIC_RAW_RANGE_MS,
  TIME_PRESET_MS,
  USAGE_DAILY_MAX_DAYS,
  USAGE_HOURLY_MAX_DAYS,
  validationMessage,
  type FieldError,
  type Lang,
  type MetricSample,
  type UsageRecord,
} from '@console/contracts';
import type { z } from 'zod';
import type { MetricQueryBodySchema } from '@console/contracts';
import type { Database } from '../../db/client.ts';
import type { AppKeyIdentity } from '../../platform/app-keys.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { projectGrantOf } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { ensurePartitions, isMissingPartition, monthsBetween } from './partitions.ts';
import * as repository from './metrics.repository.ts';
import { outsideChange } from '../../db/unit-of-work.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Steps a query picks from when none is given: the shortest that keeps a series near 300 points. */
const STEPS = [10, 30, 60, 300, 600, 900, 1800, 3600, 10_800, 21_600, 43_200, 86_400];
const TARGET_POINTS = 300;

type MetricQueryBody = z.output<typeof MetricQueryBodySchema>;

/** The coarsest rollup tier whose buckets divide `step` (seconds, a whole number of minutes). */
export function tierFor(step: number): Exclude<repository.MetricSource, 'raw'> {
  const tiers = (['day', 'hour', '5min'] as const).filter((tier) => step % repository.TIER_SECONDS[tier] === 0);
  return tiers[0] ?? 'minute';
}

/** Where an item of a batch is, as the error handler names fields (`body.samples.3.timestamp`). */
const itemField = (list: 'samples' | 'records', index: number) => `body.${list}.${index}.timestamp`;

/**
 * Refuses, naming each item, timestamps more than 7 days old or more than 5 minutes ahead of the
 * server's clock; answers the parsed times.
 */
function checkTimestamps(list: 'samples' | 'records', items: readonly { timestamp: string }[], now: Date, lang: Lang): Date[] {
  const oldest = now.getTime() - INGEST_MAX_AGE_DAYS * DAY_MS;
  const latest = now.getTime() + INGEST_MAX_AHEAD_MINUTES * MINUTE_MS;
  const errors: FieldError[] = [];
  const times = items.map((item, index) => {
    const time = new Date(item.timestamp);
    if (time.getTime() < oldest) {
      errors.push({ field: itemField(list, index), message: validationMessage('validation.ingest.timestampTooOld', lang, { days: INGEST_MAX_AGE_DAYS }) });
    } else if (time.getTime() > latest) {
      errors.push({
        field: itemField(list, index),
        message: validationMessage('validation.ingest.timestampTooFarAhead', lang, { minutes: INGEST_MAX_AHEAD_MINUTES }),
      });
    }
    return time;
  });
  if (errors.length > 0) throw new AppError('INVALID_PARAMETER', { fieldErrors: errors });
  return times;
}

export function createMetricsService(deps: { db: Database }) {
  const { db } = deps;

  /**
   * Every service a batch names must be in use (and STABLE) in the key's project, and a service
   * Appkey speaks only for its own service: otherwise SERVICE_NOT_IN_USE, as the product
   * gateway answers the same case (docs/decisions.md "Ingestion").
   */
  async function checkServices(identity: AppKeyIdentity, services: readonly string[]) {
    const distinct = [...new Set(services)];
    if (identity.kind === 'SERVICE') {
      // verifyAppKey found the service's own row STABLE: nothing else to read.
      const other = distinct.find((service) => service !== identity.productId);
      if (other !== undefined) throw new AppError('SERVICE_NOT_IN_USE', { params: { service: other } });
      return;
    }
    const inUse = await repository.servicesInUse(db, identity.orgId, identity.projectId, distinct);
    const missing = distinct.find((service) => !inUse.has(service));
    if (missing !== undefined) throw new AppError('SERVICE_NOT_IN_USE', { params: { service: missing } });
  }

  /** Runs a write; a month without a partition yet gets its partitions, and the write runs once more. */
  async function withPartitions<T>(times: readonly Date[], now: Date, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isMissingPartition(error)) throw error;
      const earliest = new Date(Math.min(now.getTime(), ...times.map((time) => time.getTime())));
      const latest = new Date(Math.max(now.getTime(), ...times.map((time) => time.getTime())));
      // Committed at once, outside the call's unit of work (db/unit-of-work.ts): the write retried
      // below runs on its own connection and would wait for an uncommitted partition forever.
      await outsideChange(() => ensurePartitions(db, monthsBetween(earliest, latest)));
      return write();
    }
  }

  return {
    async ingestSamples(identity: AppKeyIdentity, samples: readonly MetricSample[], now: Date, lang: Lang) {
      await checkServices(identity, samples.map((sample) => sample.service));
      const times = checkTimestamps('samples', samples, now, lang);
      const rows = samples.map((sample, index) => ({ ...sample, labels: sample.labels, timestamp: times[index]! }));
      const accepted = await withPartitions(times, now, () => repository.insertSamples(db, identity.orgId, identity.projectId, rows));
      return { accepted };
    },

    async ingestUsage(identity: AppKeyIdentity, records: readonly UsageRecord[], now: Date, lang: Lang) {
      await checkServices(identity, records.map((record) => record.service));
      const times = checkTimestamps('records', records, now, lang);
      const rows = records.map((record, index) => ({ ...record, timestamp: times[index]! }));
      const accepted = await withPartitions(times, now, () => repository.insertUsage(db, identity.orgId, identity.projectId, rows));
      return { accepted, duplicates: records.length - accepted };
    },

    async queryMetrics(ctx: SignedInContext, body: MetricQueryBody) {
      const grant = projectGrantOf(ctx);
      const lang = ctx.lang;
      const now = ctx.now();
      let from: Date;
      let to: Date;
      if (body.preset) {
        to = now;
        from = new Date(now.getTime() - TIME_PRESET_MS[body.preset]);
      } else if (body.from && body.to) {
        from = new Date(body.from);
        to = new Date(body.to);
        if (from >= to) throw new AppError('INVALID_PARAMETER', { fieldErrors: [{ field: 'body.from', message: validationMessage('validation.metrics.rangeOrder', lang) }] });
        if (to.getTime() - from.getTime() > METRIC_QUERY_MAX_RANGE_MS) {
          throw new AppError('INVALID_PARAMETER', {
            fieldErrors: [{ field: 'body.from', message: validationMessage('validation.number.tooBig', lang, { max: METRIC_QUERY_MAX_RANGE_MS / DAY_MS }) }],
          });
        }
      } else {
        throw new AppError('INVALID_PARAMETER', { fieldErrors: [{ field: 'body.preset', message: validationMessage('validation.metrics.rangeNeeded', lang) }] });
      }
      const rangeMs = to.getTime() - from.getTime();
      const raw = rangeMs <= METRIC_RAW_RANGE_MS;
      let step = body.step ?? STEPS.find((candidate) => rangeMs / (candidate * 1000) <= TARGET_POINTS) ?? 86_400;
      // The rollups hold whole minutes: their steps are whole minutes.
      if (!raw) step = Math.max(60, Math.ceil(step / 60) * 60);
      // The coarsest tier whose buckets divide the step: a day of 5-minute points reads 5-minute rows,
      // a month or a year of daily points daily rows; minute rows only for steps under 5 minutes.
      const source = raw ? 'raw' : tierFor(step);
      // Buckets start on multiples of the step (from the epoch), so a refreshed chart keeps its points.
      const alignedFrom = new Date(Math.floor(from.getTime() / (step * 1000)) * step * 1000);
      if (Math.ceil((to.getTime() - alignedFrom.getTime()) / (step * 1000)) > METRIC_QUERY_MAX_POINTS) {
        throw new AppError('INVALID_PARAMETER', {
          fieldErrors: [{ field: 'body.step', message: validationMessage('validation.metrics.tooManyPoints', lang, { max: METRIC_QUERY_MAX_POINTS }) }],
        });
      }
      const query: repository.MetricQuery = {
        orgId: grant.orgId,
        projectId: grant.projectId,
        service: body.service,
        metricName: body.metricName,
        resourceType: body.resourceType,
        resourceIds: body.resourceIds,
        filters: body.filters,
        from: alignedFrom,
        to,
        stepSeconds: step,
        aggregation: body.aggregation,
        seriesLimit: body.seriesLimit,
      };
      const rows = await repository.queryPoints(db, query, source);
      const series = rows.map((row) => {
        const timestamps: number[] = [];
        const values: number[] = [];
        row.v.forEach((value, index) => {
          if (value !== null) {
            timestamps.push(row.t[index]!);
            values.push(value);
          }
        });
        return { resourceType: row.resource_type, resourceId: row.resource_id, timestamps, values };
      });
      const truncated = series.length > body.seriesLimit;
      return {
        source: raw ? ('RAW' as const) : ('ROLLUP' as const),
        from: alignedFrom.toISOString(),
        to: to.toISOString(),
        step,
        aggregation: body.aggregation,
        series: series.slice(0, body.seriesLimit),
        truncated,
      };
    },

    async listUsage(
      ctx: SignedInContext,
      query: { service?: string | undefined; period: 'HOURLY' | 'DAILY'; from: string; to: string; page: number; limit: number },
    ) {
      const grant = projectGrantOf(ctx);
      const from = new Date(query.from);
      const to = new Date(query.to);
      if (from >= to) throw new AppError('INVALID_PARAMETER', { fieldErrors: [{ field: 'query.from', message: validationMessage('validation.metrics.rangeOrder', ctx.lang) }] });
      const maxDays = query.period === 'HOURLY' ? USAGE_HOURLY_MAX_DAYS : USAGE_DAILY_MAX_DAYS;
      if (to.getTime() - from.getTime() > maxDays * DAY_MS) {
        throw new AppError('INVALID_PARAMETER', { fieldErrors: [{ field: 'query.to', message: validationMessage('validation.number.tooBig', ctx.lang, { max: maxDays }) }] });
      }
      const rows = await repository.queryUsage(db, { orgId: grant.orgId, projectId: grant.projectId, service: query.service, period: query.period, from, to, page: query.page, limit: query.limit });
      return {
        usages: rows.map((row) => ({
          service: row.service,
          resourceType: row.resource_type,
          unit: row.unit,
          periodStart: row.t,
          quantity: Number(row.quantity),
          recordCount: Number(row.record_count),
        })),
        paging: { page: query.page, limit: query.limit, totalCount: rows.length > 0 ? Number(rows[0]!.total) : 0 },
      };
    },
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
