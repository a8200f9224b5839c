CREATE TABLE "iam_login_failures" (
	"iam_member_id" uuid PRIMARY KEY NOT NULL,
	"failure_count" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iam_member_credentials" (
	"iam_member_id" uuid PRIMARY KEY NOT NULL,
	"totp_secret" text,
	"totp_enrolled_at" timestamp with time zone,
	"totp_last_step" bigint DEFAULT 0 NOT NULL,
	"password_changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "iam_password_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"iam_member_id" uuid NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iam_security_settings" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"login_fail_enabled" boolean DEFAULT true NOT NULL,
	"login_fail_count" integer DEFAULT 5 NOT NULL,
	"login_fail_block_minutes" integer DEFAULT 2 NOT NULL,
	"mfa_type" text DEFAULT 'NONE' NOT NULL,
	"mfa_bypass_enabled" boolean DEFAULT false NOT NULL,
	"mfa_bypass_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"multi_sessions_limit" integer DEFAULT 100 NOT NULL,
	"session_timeout_minutes" integer DEFAULT 10 NOT NULL,
	"password_policy" jsonb,
	"password_policy_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "iam_security_login_fail_range" CHECK ("iam_security_settings"."login_fail_count" between 1 and 20 and "iam_security_settings"."login_fail_block_minutes" between 1 and 60),
	CONSTRAINT "iam_security_session_range" CHECK ("iam_security_settings"."multi_sessions_limit" >= 1 and "iam_security_settings"."session_timeout_minutes" between 10 and 35791394)
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"iam_member_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"step" text NOT NULL,
	"password_change_reason" text,
	"pending_totp_secret" text,
	"email_code_hash" text,
	"email_code_expires_at" timestamp with time zone,
	"return_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "iam_login_failures" ADD CONSTRAINT "iam_login_failures_iam_member_id_iam_members_id_fk" FOREIGN KEY ("iam_member_id") REFERENCES "public"."iam_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iam_member_credentials" ADD CONSTRAINT "iam_member_credentials_iam_member_id_iam_members_id_fk" FOREIGN KEY ("iam_member_id") REFERENCES "public"."iam_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iam_password_history" ADD CONSTRAINT "iam_password_history_iam_member_id_iam_members_id_fk" FOREIGN KEY ("iam_member_id") REFERENCES "public"."iam_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iam_security_settings" ADD CONSTRAINT "iam_security_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_iam_member_id_iam_members_id_fk" FOREIGN KEY ("iam_member_id") REFERENCES "public"."iam_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iam_password_history_member_idx" ON "iam_password_history" USING btree ("iam_member_id","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_member_idx" ON "sign_in_challenges" USING btree ("iam_member_id");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_expires_idx" ON "sign_in_challenges" USING btree ("expires_at");