CREATE TABLE "lnb_project_product_relations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"order_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_products" (
	"org_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"app_key" text NOT NULL,
	"secret_key_enc" text,
	"status_code" text DEFAULT 'STABLE' NOT NULL,
	"saas_owner_member_id" uuid,
	"enabled_by_member_id" uuid,
	"enabled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"secret_key_issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_products_org_id_product_id_pk" PRIMARY KEY("org_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_recommendations" (
	"recommendation_id" text PRIMARY KEY NOT NULL,
	"recommendation_categories" text[] NOT NULL,
	"recommendation_sort_order" integer NOT NULL,
	"product_id" text NOT NULL,
	"product_ui_id" text NOT NULL,
	"image_url_map" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_uis" (
	"product_ui_id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"parent_product_ui_id" text,
	"names" jsonb NOT NULL,
	"product_ui_type" text NOT NULL,
	"category_name" text NOT NULL,
	"path_name" text NOT NULL,
	"tab_name" text,
	"auth_type_code" text DEFAULT 'PERMISSION' NOT NULL,
	"iframe_type_code" text DEFAULT 'PROXY' NOT NULL,
	"link_target_code" text DEFAULT 'IFRAME' NOT NULL,
	"link_url" text,
	"widget_type" text,
	"region_code_list" text[] NOT NULL,
	"order_idx" integer DEFAULT 0 NOT NULL,
	"badges" text[] DEFAULT '{}'::text[] NOT NULL,
	"manual_link" text,
	"quick_guide_link" text,
	"is_maintenance" boolean DEFAULT false NOT NULL,
	"iam_login_return_url" text,
	"deny_service_console" boolean DEFAULT false NOT NULL,
	"deny_show_app_key_secret_key" boolean DEFAULT false NOT NULL,
	"deny_deactivate_product_ui" boolean DEFAULT false NOT NULL,
	"icon" jsonb,
	"public_api_url" text,
	"product_meta_info_list" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"product_id" text PRIMARY KEY NOT NULL,
	"product_name" text NOT NULL,
	"names" jsonb NOT NULL,
	"status_code" text DEFAULT 'STABLE' NOT NULL,
	"app_key_reuse" boolean DEFAULT false NOT NULL,
	"secret_key_code" text DEFAULT 'T' NOT NULL,
	"enable_type" text DEFAULT 'DEPENDENT_PROJECT' NOT NULL,
	"enable_restriction_code" text DEFAULT 'NO_RESTRICTION' NOT NULL,
	"product_category_code" text DEFAULT 'PROJECT' NOT NULL,
	"permission_name" text NOT NULL,
	"enable_email_template_id" text,
	"app_key_reissue_hook_status_code" text DEFAULT 'NONE' NOT NULL,
	"business_only" boolean DEFAULT false NOT NULL,
	"requires_payment_method" boolean DEFAULT false NOT NULL,
	"depends_on" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_url" text,
	"hook_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_authentications" (
	"auth_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"auth_alias" text NOT NULL,
	"auth_category" text DEFAULT 'NULL' NOT NULL,
	"auth_type" text DEFAULT 'PROJECT_APP_KEY' NOT NULL,
	"auth_key" text NOT NULL,
	"secret_key_enc" text,
	"auth_status" text DEFAULT 'STABLE' NOT NULL,
	"ip_acl_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"reference_id" text,
	"last_used_at" timestamp with time zone,
	"re_issue_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_authentications_alias_length" CHECK (char_length("project_authentications"."auth_alias") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "saas_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"member_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "project_products_org_idx";--> statement-breakpoint
ALTER TABLE "project_products" ADD COLUMN "app_key" text DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 20) NOT NULL;--> statement-breakpoint
ALTER TABLE "project_products" ADD COLUMN "secret_key_enc" text;--> statement-breakpoint
ALTER TABLE "project_products" ADD COLUMN "status_code" text DEFAULT 'STABLE' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_products" ADD COLUMN "enabled_by_member_id" uuid;--> statement-breakpoint
ALTER TABLE "project_products" ADD COLUMN "secret_key_issued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lnb_project_product_relations" ADD CONSTRAINT "lnb_project_product_relations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lnb_project_product_relations" ADD CONSTRAINT "lnb_project_product_relations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lnb_project_product_relations" ADD CONSTRAINT "lnb_project_product_relations_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_products" ADD CONSTRAINT "org_products_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_products" ADD CONSTRAINT "org_products_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_products" ADD CONSTRAINT "org_products_saas_owner_member_id_members_id_fk" FOREIGN KEY ("saas_owner_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_products" ADD CONSTRAINT "org_products_enabled_by_member_id_members_id_fk" FOREIGN KEY ("enabled_by_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_recommendations" ADD CONSTRAINT "product_recommendations_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_recommendations" ADD CONSTRAINT "product_recommendations_product_ui_id_product_uis_product_ui_id_fk" FOREIGN KEY ("product_ui_id") REFERENCES "public"."product_uis"("product_ui_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_uis" ADD CONSTRAINT "product_uis_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_authentications" ADD CONSTRAINT "project_authentications_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_authentications" ADD CONSTRAINT "project_authentications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saas_members" ADD CONSTRAINT "saas_members_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saas_members" ADD CONSTRAINT "saas_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lnb_relations_project_product" ON "lnb_project_product_relations" USING btree ("org_id","project_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_products_app_key" ON "org_products" USING btree ("app_key");--> statement-breakpoint
CREATE INDEX "product_uis_product_idx" ON "product_uis" USING btree ("product_id","order_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "project_authentications_key" ON "project_authentications" USING btree ("auth_key");--> statement-breakpoint
CREATE INDEX "project_authentications_project_idx" ON "project_authentications" USING btree ("org_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saas_members_member_key" ON "saas_members" USING btree ("org_id","product_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saas_members_one_owner" ON "saas_members" USING btree ("org_id","product_id") WHERE "saas_members"."role" = 'OWNER';--> statement-breakpoint
ALTER TABLE "project_products" ADD CONSTRAINT "project_products_enabled_by_member_id_members_id_fk" FOREIGN KEY ("enabled_by_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_products_app_key" ON "project_products" USING btree ("app_key");--> statement-breakpoint
CREATE INDEX "project_products_org_idx" ON "project_products" USING btree ("org_id","project_id");