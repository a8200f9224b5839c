ALTER TABLE "iam_member_credentials" ADD COLUMN "pending_totp_secret" text;--> statement-breakpoint
ALTER TABLE "iam_member_credentials" ADD COLUMN "pending_totp_expires_at" timestamp with time zone;