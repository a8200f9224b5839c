CREATE TABLE "activity_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid,
	"actor_type" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_name" text NOT NULL,
	"action_code" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_support_team_members" (
	"org_id" uuid NOT NULL,
	"member_id" uuid,
	"iam_member_id" uuid,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "org_support_team_one_member" CHECK (num_nonnulls("org_support_team_members"."member_id", "org_support_team_members"."iam_member_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_support_team_members" ADD CONSTRAINT "org_support_team_members_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_support_team_members" ADD CONSTRAINT "org_support_team_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_support_team_members" ADD CONSTRAINT "org_support_team_members_iam_member_id_iam_members_id_fk" FOREIGN KEY ("iam_member_id") REFERENCES "public"."iam_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_org_created_idx" ON "activity_events" USING btree ("org_id","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_events_project_created_idx" ON "activity_events" USING btree ("project_id","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST) WHERE "activity_events"."project_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "org_support_team_member_key" ON "org_support_team_members" USING btree ("org_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_support_team_iam_key" ON "org_support_team_members" USING btree ("org_id","iam_member_id");