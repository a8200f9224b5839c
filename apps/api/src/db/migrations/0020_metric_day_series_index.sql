-- hand-written: a daily tier of the metric rollup (what the 1-month and 1-year presets read: one row
-- per series and day), rolled up from metric_hour in the same transaction as the minute it contains,
-- month-partitioned like the other tiers; and, on every tier above the minute, an index in series
-- order (resource, then time) that covers the query: a chart reads its buckets resource by resource,
-- already in the order it answers them, with no sort. Keys lead with org_id, project_id (Citus).
CREATE TABLE "metric_day" (
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"service" text NOT NULL,
	"metric_name" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"labels" jsonb NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"sample_count" bigint NOT NULL,
	"value_sum" double precision NOT NULL,
	"value_min" double precision NOT NULL,
	"value_max" double precision NOT NULL,
	CONSTRAINT "metric_day_pk" PRIMARY KEY ("org_id", "project_id", "service", "metric_name", "bucket", "resource_type", "resource_id", "labels")
		INCLUDE ("sample_count", "value_sum", "value_min", "value_max")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
DO $$
DECLARE m record;
BEGIN
  FOR m IN SELECT DISTINCT date_trunc('month', bucket, 'UTC') AS month FROM metric_hour LOOP
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF metric_day FOR VALUES FROM (%L) TO (%L)',
      'metric_day_p' || to_char(m.month AT TIME ZONE 'UTC', 'YYYYMM'), m.month, m.month + interval '1 month');
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO metric_day (org_id, project_id, service, metric_name, resource_type, resource_id, labels, bucket, sample_count, value_sum, value_min, value_max)
SELECT org_id, project_id, service, metric_name, resource_type, resource_id, labels, date_trunc('day', bucket, 'UTC'),
  sum(sample_count), sum(value_sum), min(value_min), max(value_max)
FROM metric_hour GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
CREATE INDEX "metric_5min_series_idx" ON "metric_5min" ("org_id", "project_id", "service", "metric_name", "resource_type", "resource_id", "bucket")
	INCLUDE ("labels", "sample_count", "value_sum", "value_min", "value_max");
--> statement-breakpoint
CREATE INDEX "metric_hour_series_idx" ON "metric_hour" ("org_id", "project_id", "service", "metric_name", "resource_type", "resource_id", "bucket")
	INCLUDE ("labels", "sample_count", "value_sum", "value_min", "value_max");
--> statement-breakpoint
CREATE INDEX "metric_day_series_idx" ON "metric_day" ("org_id", "project_id", "service", "metric_name", "resource_type", "resource_id", "bucket")
	INCLUDE ("labels", "sample_count", "value_sum", "value_min", "value_max");
