CREATE TABLE "project_member_role_groups" (
	"project_member_id" uuid NOT NULL,
	"role_group_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "project_member_role_groups_project_member_id_role_group_id_pk" PRIMARY KEY("project_member_id","role_group_id")
);
--> statement-breakpoint
CREATE TABLE "role_group_roles" (
	"role_group_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"role_id" text NOT NULL,
	"denial_setting" text DEFAULT 'ALLOW' NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_idx" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "role_group_roles_role_group_id_role_id_pk" PRIMARY KEY("role_group_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "role_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid,
	"type_code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by_member_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "role_groups_type_scope" CHECK (("role_groups"."type_code" = 'COMMON') = ("role_groups"."project_id" is null))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'Asia/Seoul' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_member_role_groups" ADD CONSTRAINT "project_member_role_groups_project_member_id_project_members_id_fk" FOREIGN KEY ("project_member_id") REFERENCES "public"."project_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_member_role_groups" ADD CONSTRAINT "project_member_role_groups_role_group_id_role_groups_id_fk" FOREIGN KEY ("role_group_id") REFERENCES "public"."role_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_member_role_groups" ADD CONSTRAINT "project_member_role_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_member_role_groups" ADD CONSTRAINT "project_member_role_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_group_roles" ADD CONSTRAINT "role_group_roles_role_group_id_role_groups_id_fk" FOREIGN KEY ("role_group_id") REFERENCES "public"."role_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_group_roles" ADD CONSTRAINT "role_group_roles_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_groups" ADD CONSTRAINT "role_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_groups" ADD CONSTRAINT "role_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_groups" ADD CONSTRAINT "role_groups_created_by_member_id_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_member_role_groups_group_idx" ON "project_member_role_groups" USING btree ("role_group_id");--> statement-breakpoint
CREATE INDEX "project_member_role_groups_project_idx" ON "project_member_role_groups" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "role_group_roles_org_idx" ON "role_group_roles" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "role_groups_common_name_key" ON "role_groups" USING btree ("org_id",lower("name")) WHERE "role_groups"."project_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "role_groups_project_name_key" ON "role_groups" USING btree ("project_id",lower("name")) WHERE "role_groups"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "role_groups_org_idx" ON "role_groups" USING btree ("org_id","created_at");