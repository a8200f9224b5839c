CREATE TABLE "rollup_dirty" (
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"service" text NOT NULL,
	"name" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"gen" bigint DEFAULT 1 NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollup_dirty_org_id_project_id_kind_service_name_bucket_pk" PRIMARY KEY("org_id","project_id","kind","service","name","bucket")
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"service" text NOT NULL,
	"resource_type" text NOT NULL,
	"unit" text NOT NULL,
	"day" date NOT NULL,
	"quantity" numeric(38, 6) NOT NULL,
	"record_count" bigint NOT NULL,
	CONSTRAINT "usage_daily_org_id_project_id_service_day_resource_type_unit_pk" PRIMARY KEY("org_id","project_id","service","day","resource_type","unit")
);
--> statement-breakpoint
CREATE TABLE "usage_idempotency_keys" (
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"service" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_idempotency_keys_org_id_project_id_service_idempotency_key_pk" PRIMARY KEY("org_id","project_id","service","idempotency_key")
);
--> statement-breakpoint
-- hand-written: the month-partitioned tables of ingestion (drizzle-kit cannot declare partitioning).
-- Partitions (<table>_pYYYYMM) are created ahead by the ingest-maintenance job, on demand for a
-- month that has none, and dropped by retention (modules/metrics/partitions.ts). Every key and
-- index leads with org_id, project_id: on Citus, create_distributed_table(<table>, 'org_id').
CREATE TABLE "metric_samples" (
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"service" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"metric_name" text NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE INDEX "metric_samples_series_ts" ON "metric_samples" ("org_id", "project_id", "service", "metric_name", "ts");
--> statement-breakpoint
CREATE TABLE "metric_minute" (
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"service" text NOT NULL,
	"metric_name" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"labels" jsonb NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"sample_count" bigint NOT NULL,
	"value_sum" double precision NOT NULL,
	"value_min" double precision NOT NULL,
	"value_max" double precision NOT NULL,
	-- The aggregates ride in the key's index: a long-range read is an index-only scan once vacuumed.
	CONSTRAINT "metric_minute_pk" PRIMARY KEY ("org_id", "project_id", "service", "metric_name", "minute", "resource_type", "resource_id", "labels")
		INCLUDE ("sample_count", "value_sum", "value_min", "value_max")
) PARTITION BY RANGE ("minute");
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"service" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(38, 6) NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE INDEX "usage_records_service_ts" ON "usage_records" ("org_id", "project_id", "service", "ts");
--> statement-breakpoint
CREATE TABLE "usage_hourly" (
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"service" text NOT NULL,
	"resource_type" text NOT NULL,
	"unit" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"quantity" numeric(38, 6) NOT NULL,
	"record_count" bigint NOT NULL,
	CONSTRAINT "usage_hourly_pk" PRIMARY KEY ("org_id", "project_id", "service", "hour", "resource_type", "unit")
) PARTITION BY RANGE ("hour");
