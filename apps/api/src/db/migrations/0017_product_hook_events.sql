CREATE TABLE "product_hook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid,
	"product_id" text NOT NULL,
	"app_key" text NOT NULL,
	"event_type" text NOT NULL,
	"status_code" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_http_status" integer,
	"last_error" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product_hook_events" ADD CONSTRAINT "product_hook_events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_hook_events" ADD CONSTRAINT "product_hook_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_hook_events" ADD CONSTRAINT "product_hook_events_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_hook_events_org_idx" ON "product_hook_events" USING btree ("org_id","product_id","occurred_at");--> statement-breakpoint
CREATE INDEX "product_hook_events_due_idx" ON "product_hook_events" USING btree ("next_attempt_at") WHERE "product_hook_events"."status_code" = 'PENDING';