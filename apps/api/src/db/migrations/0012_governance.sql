CREATE TABLE "governance_break_glass" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"requested_ip" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"used_ip" text,
	"disabled" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "governance_break_glass_attempts" CHECK ("governance_break_glass"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "org_governance_settings" (
	"org_id" uuid NOT NULL,
	"governance_type" text NOT NULL,
	"setting_type" text NOT NULL,
	"ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"country_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_governance_settings_org_id_governance_type_pk" PRIMARY KEY("org_id","governance_type")
);
--> statement-breakpoint
CREATE TABLE "org_ip_acls" (
	"org_id" uuid NOT NULL,
	"product_id" text DEFAULT '' NOT NULL,
	"selection" text NOT NULL,
	"ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_ip_acls_org_id_product_id_pk" PRIMARY KEY("org_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "governance_break_glass" ADD CONSTRAINT "governance_break_glass_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "governance_break_glass" ADD CONSTRAINT "governance_break_glass_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_governance_settings" ADD CONSTRAINT "org_governance_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_ip_acls" ADD CONSTRAINT "org_ip_acls_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "governance_break_glass_org_idx" ON "governance_break_glass" USING btree ("org_id","requested_at");--> statement-breakpoint
-- The IP access rules of org_ip_acl_rules become the console's IP ACL (SETTING with their blocks).
INSERT INTO "org_ip_acls" ("org_id", "product_id", "selection", "ips")
SELECT "org_id", '', 'SETTING', array_agg("cidr" ORDER BY "created_at", "cidr") FROM "org_ip_acl_rules" GROUP BY "org_id";
--> statement-breakpoint
DROP TABLE "org_ip_acl_rules" CASCADE;
--> statement-breakpoint
-- The network guard keeps each organization's rules in memory per authorization epoch: a change to
-- them bumps the epoch at commit like any change a permission decision reads (migrations 0006, 0008).
CREATE CONSTRAINT TRIGGER "org_ip_acls_authz_epoch" AFTER INSERT OR UPDATE OR DELETE ON "org_ip_acls" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_authz_epoch"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "org_governance_settings_authz_epoch" AFTER INSERT OR UPDATE OR DELETE ON "org_governance_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_authz_epoch"();
