-- hand-written: two coarser tiers of the metric rollup, so a long-range read touches few rows:
-- metric_5min (5-minute buckets, rolled up from metric_minute) and metric_hour (hourly buckets,
-- rolled up from metric_5min), both recomputed in the same transaction as the minute they contain.
-- Month-partitioned like metric_minute (modules/metrics/partitions.ts keeps their partitions);
-- every key leads with org_id, project_id (Citus: distributed by org_id).
CREATE TABLE "metric_5min" (
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
	CONSTRAINT "metric_5min_pk" PRIMARY KEY ("org_id", "project_id", "service", "metric_name", "bucket", "resource_type", "resource_id", "labels")
		INCLUDE ("sample_count", "value_sum", "value_min", "value_max")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "metric_hour" (
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
	CONSTRAINT "metric_hour_pk" PRIMARY KEY ("org_id", "project_id", "service", "metric_name", "bucket", "resource_type", "resource_id", "labels")
		INCLUDE ("sample_count", "value_sum", "value_min", "value_max")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
-- The rollups already kept fill both tiers: first a partition for each month they span (the
-- worker's start makes the months ahead, as for every partitioned table).
DO $$
DECLARE m record;
BEGIN
  FOR m IN SELECT DISTINCT date_trunc('month', minute, 'UTC') AS month FROM metric_minute LOOP
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF metric_5min FOR VALUES FROM (%L) TO (%L)',
      'metric_5min_p' || to_char(m.month AT TIME ZONE 'UTC', 'YYYYMM'), m.month, m.month + interval '1 month');
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF metric_hour FOR VALUES FROM (%L) TO (%L)',
      'metric_hour_p' || to_char(m.month AT TIME ZONE 'UTC', 'YYYYMM'), m.month, m.month + interval '1 month');
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO metric_5min (org_id, project_id, service, metric_name, resource_type, resource_id, labels, bucket, sample_count, value_sum, value_min, value_max)
SELECT org_id, project_id, service, metric_name, resource_type, resource_id, labels, date_bin('5 minutes', minute, timestamptz '2000-01-01 00:00:00+00'),
  sum(sample_count), sum(value_sum), min(value_min), max(value_max)
FROM metric_minute GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
INSERT INTO metric_hour (org_id, project_id, service, metric_name, resource_type, resource_id, labels, bucket, sample_count, value_sum, value_min, value_max)
SELECT org_id, project_id, service, metric_name, resource_type, resource_id, labels, date_trunc('hour', bucket, 'UTC'),
  sum(sample_count), sum(value_sum), min(value_min), max(value_max)
FROM metric_5min GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
