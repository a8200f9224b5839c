CREATE TABLE "access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"access_key_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"issued_from_ip" text NOT NULL,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid,
	"project_id" uuid,
	"category" text NOT NULL,
	"action" text NOT NULL,
	"result" text NOT NULL,
	"result_code" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"actor_login" text NOT NULL,
	"access_token_id" uuid,
	"client_ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"detail" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_renew_periods" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"user_access_key" integer NOT NULL,
	"iaas_api_password" integer NOT NULL,
	"s3_credential" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credential_reminders" (
	"credential_type" text NOT NULL,
	"credential_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credential_reminders_once" UNIQUE("credential_type","credential_id","due_date")
);
--> statement-breakpoint
CREATE TABLE "project_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"member_type" text NOT NULL,
	"member_id" uuid,
	"iam_member_id" uuid,
	"access_key" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone NOT NULL,
	"locale" text DEFAULT 'ko_KR' NOT NULL,
	CONSTRAINT "project_credentials_holder" UNIQUE NULLS NOT DISTINCT("project_id","kind","member_id","iam_member_id"),
	CONSTRAINT "project_credentials_one_member" CHECK (num_nonnulls("project_credentials"."member_id", "project_credentials"."iam_member_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "user_access_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"member_type" text NOT NULL,
	"member_id" uuid,
	"iam_member_id" uuid,
	"status" text NOT NULL,
	"token_expiry_seconds" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reissued_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone,
	"locale" text DEFAULT 'ko_KR' NOT NULL,
	CONSTRAINT "user_access_keys_key_id_unique" UNIQUE("key_id"),
	CONSTRAINT "user_access_keys_one_member" CHECK (num_nonnulls("user_access_keys"."member_id", "user_access_keys"."iam_member_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_access_key_id_user_access_keys_id_fk" FOREIGN KEY ("access_key_id") REFERENCES "public"."user_access_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_renew_periods" ADD CONSTRAINT "auth_renew_periods_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_credentials" ADD CONSTRAINT "project_credentials_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_credentials" ADD CONSTRAINT "project_credentials_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_credentials" ADD CONSTRAINT "project_credentials_iam_member_id_iam_members_id_fk" FOREIGN KEY ("iam_member_id") REFERENCES "public"."iam_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_access_keys" ADD CONSTRAINT "user_access_keys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_access_keys" ADD CONSTRAINT "user_access_keys_iam_member_id_iam_members_id_fk" FOREIGN KEY ("iam_member_id") REFERENCES "public"."iam_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_key_issued_idx" ON "access_tokens" USING btree ("access_key_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_org_created_idx" ON "audit_events" USING btree ("org_id","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_access_keys_member_idx" ON "user_access_keys" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "user_access_keys_iam_member_idx" ON "user_access_keys" USING btree ("iam_member_id");--> statement-breakpoint
-- A token revoked or expired, or its key deactivated or deleted, must stop working at once on every
-- instance: the bearer lookup's cache (platform/bearer.ts) listens on the sessions channel.
CREATE TRIGGER "access_tokens_changed" AFTER DELETE OR TRUNCATE OR UPDATE OF "token_hash", "expires_at", "revoked_at", "access_key_id" ON "access_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_access_keys_changed" AFTER DELETE OR TRUNCATE OR UPDATE OF "status", "member_id", "iam_member_id", "member_type" ON "user_access_keys" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
