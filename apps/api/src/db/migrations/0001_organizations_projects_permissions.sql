CREATE TABLE "project_products" (
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"enabled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_products_project_id_product_id_pk" PRIMARY KEY("project_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "restrict_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "project_limit" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_products" ADD CONSTRAINT "project_products_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_products" ADD CONSTRAINT "project_products_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_products_org_idx" ON "project_products" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_members_one_owner_key" ON "org_members" USING btree ("org_id") WHERE "org_members"."role_code" = 'OWNER';--> statement-breakpoint
CREATE INDEX "organizations_owner_idx" ON "organizations" USING btree ("owner_member_id");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_project_limit_range" CHECK ("organizations"."project_limit" >= 0);