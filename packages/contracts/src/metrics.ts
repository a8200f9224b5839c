import { z } from 'zod';
import { defineEndpoint, projectPermission, PUBLIC } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';
import { AGGREGATIONS, LABEL_OPERATORS } from './metrics-constants.ts';
export * from './metrics-constants.ts';

/**
 * Usage and metric ingestion (the calls products make with their Appkey and SecretKey) and the
 * console's metric and usage queries. docs/ingestion.md is the public description of the first two;
 * their shape is fixed with the sample product (docs/products.md) — change both together.
 */

/** Items one ingestion call carries. */
export const INGEST_BATCH_MAX = 1000;
/** Timestamps older than this are refused (per item). */
export const INGEST_MAX_AGE_DAYS = 7;
/** Timestamps further ahead than this are refused (per item): clocks drift, a little. */
export const INGEST_MAX_AHEAD_MINUTES = 5;
/** Labels one sample may carry. */
export const INGEST_LABELS_MAX = 16;
/** Largest ingestion body (1,000 items with labels); the console's other calls keep BODY_LIMIT_BYTES. */
export const INGEST_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** The headers of the ingestion calls: the service or project Appkey and its SecretKey. */
export const APP_KEY_HEADER = 'x-appkey';
export const SECRET_KEY_HEADER = 'x-secret-key';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
const name = (max: number) => z.string().min(1).max(max).regex(NAME, { error: 'validation.ingest.name' });

/** A product id as the catalogue names it (`email`). */
export const ServiceNameSchema = name(64);
const LabelKeySchema = z.string().min(1).max(64).regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, { error: 'validation.ingest.name' });

/** An ISO-8601 time with its offset (`2026-11-25T10:00:00Z`, `…+09:00`), fractions of a second allowed. */
const TimestampSchema = z.iso.datetime({ offset: true });

export const MetricSampleSchema = z.object({
  service: ServiceNameSchema,
  resourceType: name(64),
  resourceId: z.string().min(1).max(256),
  metricName: name(128),
  labels: z
    .record(LabelKeySchema, z.string().max(256))
    .refine((labels) => Object.keys(labels).length <= INGEST_LABELS_MAX, { error: 'validation.list.tooLong', params: { max: INGEST_LABELS_MAX } })
    .default({}),
  timestamp: TimestampSchema,
  value: z.number(),
});
export type MetricSample = z.infer<typeof MetricSampleSchema>;

export const UsageRecordSchema = z.object({
  service: ServiceNameSchema,
  resourceType: name(64),
  resourceId: z.string().min(1).max(256),
  /** What the quantity counts: COUNT, BYTES, SECONDS, REQUESTS… (upper case). */
  unit: z.string().min(1).max(32).regex(/^[A-Z][A-Z0-9_]*$/, { error: 'validation.ingest.name' }),
  quantity: z.number().min(0).max(1e15),
  timestamp: TimestampSchema,
  /** Printable ASCII; a repeated key (per organization, project and service) is counted once. */
  idempotencyKey: z.string().min(1).max(128).regex(/^[\x21-\x7E]+$/, { error: 'validation.ingest.name' }),
});
export type UsageRecord = z.infer<typeof UsageRecordSchema>;

export const ingestSamples = defineEndpoint({
  id: 'metrics.ingestSamples',
  method: 'POST',
  path: '/api/metrics/v1/ingest/samples',
  summary: 'Stores metric samples (1 to 1,000), authenticated by X-Appkey and X-Secret-Key',
  tag: 'ingestion',
  // No session: the Appkey and SecretKey headers authenticate (modules/metrics/ingest-auth.ts).
  access: PUBLIC,
  body: z.object({ samples: z.array(MetricSampleSchema).min(1).max(INGEST_BATCH_MAX) }),
  response: z.object({ accepted: z.number().int() }),
  handlesAuthErrors: true,
});

export const ingestUsage = defineEndpoint({
  id: 'metrics.ingestUsage',
  method: 'POST',
  path: '/api/metrics/v1/ingest/usage',
  summary: 'Stores usage records (1 to 1,000; a repeated idempotencyKey counts once), authenticated by X-Appkey and X-Secret-Key',
  tag: 'ingestion',
  access: PUBLIC,
  body: z.object({ records: z.array(UsageRecordSchema).min(1).max(INGEST_BATCH_MAX) }),
  response: z.object({ accepted: z.number().int(), duplicates: z.number().int() }),
  handlesAuthErrors: true,
});

// ---- the console's queries ----

/** Spec §9 time presets: minutes, hours, days, a week, a month (30 days) and a year (365 days). */
export const TIME_PRESETS = ['5m', '15m', '30m', '45m', '1h', '2h', '6h', '12h', '1d', '3d', '7d', '1w', '1M', '1y'] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];
const MINUTE = 60_000;
export const TIME_PRESET_MS: Readonly<Record<TimePreset, number>> = {
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '45m': 45 * MINUTE,
  '1h': 60 * MINUTE,
  '2h': 120 * MINUTE,
  '6h': 360 * MINUTE,
  '12h': 720 * MINUTE,
  '1d': 1440 * MINUTE,
  '3d': 3 * 1440 * MINUTE,
  '7d': 7 * 1440 * MINUTE,
  '1w': 7 * 1440 * MINUTE,
  '1M': 30 * 1440 * MINUTE,
  '1y': 365 * 1440 * MINUTE,
};

/** Points one series of a query answer may hold. */
export const METRIC_QUERY_MAX_POINTS = 1440;
/** Ranges up to this long are read from the raw samples; longer ones from the per-minute rollup. */
export const METRIC_RAW_RANGE_MS = 60 * MINUTE;
/** Longest custom range. */
export const METRIC_QUERY_MAX_RANGE_MS = 400 * 1440 * MINUTE;

export const MetricQueryBodySchema = z.object({
  service: ServiceNameSchema,
  metricName: name(128),
  resourceType: name(64).optional(),
  /** Only these resources (none: every resource). */
  resourceIds: z.array(z.string().min(1).max(256)).max(500).optional(),
  filters: z
    .array(z.object({ key: LabelKeySchema, operator: z.enum(LABEL_OPERATORS), value: z.string().max(256) }))
    .max(10)
    .default([]),
  /** A §9 preset ending now, or `from` and `to`. */
  preset: z.enum(TIME_PRESETS).optional(),
  from: TimestampSchema.optional(),
  to: TimestampSchema.optional(),
  /** Seconds between points; chosen from the range when absent (about 300 points). Rollup answers round it up to whole minutes. */
  step: z.number().int().min(10).max(86_400 * 31).optional(),
  aggregation: z.enum(AGGREGATIONS).default('avg'),
  /** Series (resources) per answer, in resource order; `truncated` says when more matched. */
  seriesLimit: z.number().int().min(1).max(500).default(100),
});

/**
 * One resource's points as two arrays of the same length (as CloudWatch's GetMetricData answers):
 * bucket starts in epoch milliseconds, ascending, and their values. A bucket without samples is
 * absent. Arrays of numbers keep a day of 100 resources (28,800 points) small and quick to send.
 */
export const MetricSeriesSchema = z.object({
  resourceType: z.string(),
  resourceId: z.string(),
  timestamps: z.array(z.number()),
  values: z.array(z.number()),
});

export const ProjectIdParamsSchema = z.object({ projectId: z.string().uuid() });

/**
 * Series of one metric per resource, for dashboards and alarms. Project.Dashboard.Get: the
 * permission of dashboard viewers (spec §6 "custom dashboard needs project DASHBOARD VIEWER"),
 * held by project ADMIN, MEMBER and VIEWER too.
 */
export const queryMetrics = defineEndpoint({
  id: 'metrics.queryMetrics',
  method: 'POST',
  path: '/api/metrics/v1/projects/:projectId/metrics/query',
  summary: "A metric's series per resource over a time range (raw up to an hour, per-minute rollups beyond)",
  tag: 'metrics',
  access: projectPermission('params.projectId', 'Project.Dashboard.Get'),
  params: ProjectIdParamsSchema,
  body: MetricQueryBodySchema,
  response: z.object({
    source: z.enum(['RAW', 'ROLLUP']),
    from: z.string(),
    to: z.string(),
    step: z.number().int(),
    aggregation: z.enum(AGGREGATIONS),
    series: z.array(MetricSeriesSchema),
    truncated: z.boolean(),
  }),
});

/** Spec §9 usage periods the rollups answer (MONTHLY is billing's sum of days). */
export const USAGE_PERIODS = ['HOURLY', 'DAILY'] as const;
export const USAGE_HOURLY_MAX_DAYS = 31;
export const USAGE_DAILY_MAX_DAYS = 400;

export const UsageItemSchema = z.object({
  service: z.string(),
  resourceType: z.string(),
  unit: z.string(),
  /** Start of the hour or UTC day. */
  periodStart: z.string(),
  quantity: z.number(),
  recordCount: z.number().int(),
});

/**
 * Usage per service, resource type and unit, per hour or UTC day: what billing reads.
 * Project.Payment.Get: the permission of the project's billing viewers (and ADMIN).
 */
export const listUsage = defineEndpoint({
  id: 'metrics.listUsage',
  method: 'GET',
  path: '/api/metrics/v1/projects/:projectId/usage',
  summary: 'Usage per service and unit, hourly or daily',
  tag: 'metrics',
  access: projectPermission('params.projectId', 'Project.Payment.Get'),
  params: ProjectIdParamsSchema,
  query: z.object({
    service: ServiceNameSchema.optional(),
    period: z.enum(USAGE_PERIODS).default('DAILY'),
    from: TimestampSchema,
    to: TimestampSchema,
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
  }),
  response: z.object({ usages: z.array(UsageItemSchema), paging: PagingSchema }),
});
