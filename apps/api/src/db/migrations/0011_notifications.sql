CREATE TABLE "notification_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid,
	"event_type" text NOT NULL,
	"dedupe_key" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"receiver_group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"member_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"role_group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"locale" text DEFAULT 'ko_KR' NOT NULL,
	"status_code" text DEFAULT 'PENDING' NOT NULL,
	"mail_count" integer DEFAULT 0 NOT NULL,
	"webhook_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_receiver_group_members" (
	"group_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	CONSTRAINT "notification_receiver_group_members_group_id_member_id_pk" PRIMARY KEY("group_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "notification_receiver_group_role_groups" (
	"group_id" uuid NOT NULL,
	"role_group_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	CONSTRAINT "notification_receiver_group_role_groups_group_id_role_group_id_pk" PRIMARY KEY("group_id","role_group_id")
);
--> statement-breakpoint
CREATE TABLE "notification_receiver_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_notification_receivers" (
	"org_id" uuid NOT NULL,
	"project_id" uuid,
	"event_type" text NOT NULL,
	"group_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"webhook_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"attempt_no" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"outcome_code" text NOT NULL,
	"http_status" integer,
	"latency_ms" integer NOT NULL,
	"response_excerpt" text DEFAULT '' NOT NULL,
	"error_message" text
);
--> statement-breakpoint
CREATE TABLE "notification_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"event_id" uuid,
	"event_type" text NOT NULL,
	"redelivery_of" uuid,
	"payload" jsonb NOT NULL,
	"status_code" text DEFAULT 'PENDING' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"target_url" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"type_code" text DEFAULT 'DEFAULT' NOT NULL,
	"method" text DEFAULT 'POST' NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"body_template" text,
	"sender" text DEFAULT '' NOT NULL,
	"paused_at" timestamp with time zone,
	"pause_reason" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_status_code" text,
	"last_http_status" integer,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhooks_custom_body" CHECK ("notification_webhooks"."type_code" = 'DEFAULT' or "notification_webhooks"."body_template" is not null)
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receiver_group_members" ADD CONSTRAINT "notification_receiver_group_members_group_id_notification_receiver_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."notification_receiver_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receiver_group_members" ADD CONSTRAINT "notification_receiver_group_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receiver_group_members" ADD CONSTRAINT "notification_receiver_group_members_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receiver_group_role_groups" ADD CONSTRAINT "notification_receiver_group_role_groups_group_id_notification_receiver_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."notification_receiver_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receiver_group_role_groups" ADD CONSTRAINT "notification_receiver_group_role_groups_role_group_id_role_groups_id_fk" FOREIGN KEY ("role_group_id") REFERENCES "public"."role_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receiver_group_role_groups" ADD CONSTRAINT "notification_receiver_group_role_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receiver_groups" ADD CONSTRAINT "notification_receiver_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receiver_groups" ADD CONSTRAINT "notification_receiver_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notification_receivers" ADD CONSTRAINT "system_notification_receivers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notification_receivers" ADD CONSTRAINT "system_notification_receivers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notification_receivers" ADD CONSTRAINT "system_notification_receivers_group_id_notification_receiver_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."notification_receiver_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_webhook_attempts" ADD CONSTRAINT "notification_webhook_attempts_delivery_id_notification_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."notification_webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_webhook_attempts" ADD CONSTRAINT "notification_webhook_attempts_webhook_id_notification_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."notification_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_webhook_attempts" ADD CONSTRAINT "notification_webhook_attempts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_webhook_deliveries" ADD CONSTRAINT "notification_webhook_deliveries_webhook_id_notification_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."notification_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_webhook_deliveries" ADD CONSTRAINT "notification_webhook_deliveries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_webhook_deliveries" ADD CONSTRAINT "notification_webhook_deliveries_event_id_notification_outbox_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notification_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_webhooks" ADD CONSTRAINT "notification_webhooks_group_id_notification_receiver_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."notification_receiver_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_webhooks" ADD CONSTRAINT "notification_webhooks_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_outbox_dedupe_key" ON "notification_outbox" USING btree ("org_id","dedupe_key") WHERE "notification_outbox"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "notification_outbox_pending_idx" ON "notification_outbox" USING btree ("created_at") WHERE "notification_outbox"."status_code" = 'PENDING';--> statement-breakpoint
CREATE INDEX "notification_outbox_org_idx" ON "notification_outbox" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "receiver_group_members_member_idx" ON "notification_receiver_group_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "receiver_group_role_groups_rg_idx" ON "notification_receiver_group_role_groups" USING btree ("role_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receiver_groups_org_name_key" ON "notification_receiver_groups" USING btree ("org_id",lower("name")) WHERE "notification_receiver_groups"."project_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "receiver_groups_project_name_key" ON "notification_receiver_groups" USING btree ("project_id",lower("name")) WHERE "notification_receiver_groups"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "receiver_groups_org_idx" ON "notification_receiver_groups" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "system_notification_receivers_key" ON "system_notification_receivers" USING btree ("org_id",coalesce("project_id", '00000000-0000-0000-0000-000000000000'::uuid),"event_type","group_id");--> statement-breakpoint
CREATE INDEX "system_notification_receivers_group_idx" ON "system_notification_receivers" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_webhook_idx" ON "notification_webhook_attempts" USING btree ("webhook_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "notification_webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_key" ON "notification_webhook_deliveries" USING btree ("event_id","webhook_id") WHERE "notification_webhook_deliveries"."redelivery_of" is null and "notification_webhook_deliveries"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "notification_webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "notification_webhook_deliveries" USING btree ("next_attempt_at") WHERE "notification_webhook_deliveries"."status_code" in ('PENDING', 'SENDING', 'RETRYING');--> statement-breakpoint
CREATE UNIQUE INDEX "webhooks_group_name_key" ON "notification_webhooks" USING btree ("group_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "webhooks_group_target_key" ON "notification_webhooks" USING btree ("group_id","target_url");