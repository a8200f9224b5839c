CREATE TABLE "alarm_alarm_groups" (
	"alarm_id" uuid NOT NULL,
	"alarm_group_id" uuid NOT NULL,
	CONSTRAINT "alarm_alarm_groups_alarm_id_alarm_group_id_pk" PRIMARY KEY("alarm_id","alarm_group_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_group_targets" (
	"alarm_group_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	CONSTRAINT "alarm_group_targets_alarm_group_id_target_type_target_id_pk" PRIMARY KEY("alarm_group_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"alarm_id" uuid NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"raised_value" double precision NOT NULL,
	"threshold" double precision NOT NULL,
	"condition_operator" text NOT NULL,
	"notified" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_silences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"alarm_id" uuid,
	"receiver_group_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"service" text NOT NULL,
	"resource_type" text DEFAULT '' NOT NULL,
	"resource_id" text DEFAULT '' NOT NULL,
	"metric_name" text NOT NULL,
	"aggregation" text NOT NULL,
	"filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"condition_operator" text NOT NULL,
	"threshold" double precision NOT NULL,
	"duration_minutes" integer NOT NULL,
	"receiver_group_ids" uuid[] DEFAULT '{}' NOT NULL,
	"methods" text[] NOT NULL,
	"category" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"locale" text DEFAULT 'ko_KR' NOT NULL,
	"state" text DEFAULT 'OK' NOT NULL,
	"state_since" timestamp with time zone,
	"evaluated_through" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_alarm_groups" ADD CONSTRAINT "alarm_alarm_groups_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_alarm_groups" ADD CONSTRAINT "alarm_alarm_groups_alarm_group_id_alarm_groups_id_fk" FOREIGN KEY ("alarm_group_id") REFERENCES "public"."alarm_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_group_targets" ADD CONSTRAINT "alarm_group_targets_alarm_group_id_alarm_groups_id_fk" FOREIGN KEY ("alarm_group_id") REFERENCES "public"."alarm_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_groups" ADD CONSTRAINT "alarm_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_groups" ADD CONSTRAINT "alarm_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_occurrences" ADD CONSTRAINT "alarm_occurrences_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_silences" ADD CONSTRAINT "alarm_silences_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_silences" ADD CONSTRAINT "alarm_silences_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_alarm_groups_group" ON "alarm_alarm_groups" USING btree ("alarm_group_id");--> statement-breakpoint
CREATE INDEX "alarm_group_targets_target" ON "alarm_group_targets" USING btree ("org_id","target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_groups_name" ON "alarm_groups" USING btree ("org_id",coalesce("project_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_groups_default" ON "alarm_groups" USING btree ("org_id",coalesce("project_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "alarm_groups"."is_default";--> statement-breakpoint
CREATE INDEX "alarm_occurrences_project" ON "alarm_occurrences" USING btree ("org_id","project_id","raised_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_occurrences_open" ON "alarm_occurrences" USING btree ("alarm_id") WHERE "alarm_occurrences"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "alarm_silences_project" ON "alarm_silences" USING btree ("org_id","project_id","ends_at");--> statement-breakpoint
CREATE INDEX "alarms_project" ON "alarms" USING btree ("org_id","project_id","created_at");--> statement-breakpoint
CREATE INDEX "alarms_due" ON "alarms" USING btree ("evaluated_through","id") WHERE "alarms"."enabled";