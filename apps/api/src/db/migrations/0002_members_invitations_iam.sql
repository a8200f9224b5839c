CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iam_password_setup_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"iam_member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"return_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_identity_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"protocol" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role_codes" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'WAIT' NOT NULL,
	"locale" text NOT NULL,
	"invited_by_member_id" uuid,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_member_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "corporation_name" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iam_password_setup_tokens" ADD CONSTRAINT "iam_password_setup_tokens_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iam_password_setup_tokens" ADD CONSTRAINT "iam_password_setup_tokens_iam_member_id_iam_members_id_fk" FOREIGN KEY ("iam_member_id") REFERENCES "public"."iam_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_identity_providers" ADD CONSTRAINT "org_identity_providers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_invitations" ADD CONSTRAINT "org_invitations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_invitations" ADD CONSTRAINT "org_invitations_invited_by_member_id_members_id_fk" FOREIGN KEY ("invited_by_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_invitations" ADD CONSTRAINT "org_invitations_accepted_member_id_members_id_fk" FOREIGN KEY ("accepted_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree (lower("to_address"),"created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_org_idx" ON "mail_outbox" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "iam_password_setup_tokens_hash_key" ON "iam_password_setup_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "iam_password_setup_tokens_member_idx" ON "iam_password_setup_tokens" USING btree ("org_id","iam_member_id");--> statement-breakpoint
CREATE INDEX "org_identity_providers_org_idx" ON "org_identity_providers" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_invitations_token_hash_key" ON "org_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "org_invitations_org_idx" ON "org_invitations" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "org_invitations_one_waiting_key" ON "org_invitations" USING btree ("org_id",lower("email")) WHERE "org_invitations"."status" = 'WAIT';--> statement-breakpoint
CREATE INDEX "org_invitations_waiting_expiry_idx" ON "org_invitations" USING btree ("expires_at") WHERE "org_invitations"."status" = 'WAIT';--> statement-breakpoint
CREATE UNIQUE INDEX "iam_members_org_email_key" ON "iam_members" USING btree ("org_id",lower("email")) WHERE "iam_members"."status" <> 'LEAVED';