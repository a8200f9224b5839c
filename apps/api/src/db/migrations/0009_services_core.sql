CREATE TABLE "product_resource_reports" (
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"resource_count" integer NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_resource_reports_org_id_project_id_product_id_pk" PRIMARY KEY("org_id","project_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "payment_method_status" text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "unpaid_blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "resources_remain_code" integer DEFAULT 400 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_resource_reports" ADD CONSTRAINT "product_resource_reports_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_resource_reports" ADD CONSTRAINT "product_resource_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_resource_reports" ADD CONSTRAINT "product_resource_reports_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE no action ON UPDATE no action;