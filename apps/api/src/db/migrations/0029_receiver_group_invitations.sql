-- Organization receiver groups may name a person by a pending organization invitation (spec §4, "invited vs added").
CREATE TABLE "notification_receiver_group_invitations" (
	"group_id" uuid NOT NULL,
	"invitation_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	CONSTRAINT "notification_receiver_group_invitations_group_id_invitation_id_pk" PRIMARY KEY("group_id","invitation_id")
);
--> statement-breakpoint
ALTER TABLE "notification_receiver_group_invitations" ADD CONSTRAINT "notification_receiver_group_invitations_group_id_notification_receiver_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."notification_receiver_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receiver_group_invitations" ADD CONSTRAINT "notification_receiver_group_invitations_invitation_id_org_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."org_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receiver_group_invitations" ADD CONSTRAINT "notification_receiver_group_invitations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receiver_group_invitations_invitation_idx" ON "notification_receiver_group_invitations" USING btree ("invitation_id");
--> statement-breakpoint
-- hand-written: a change to an organization's receiver-group invitations drops that organization's cached answers
-- (the data triggers of 0023, platform/response-cache.ts).
DROP TRIGGER IF EXISTS "notification_receiver_group_invitations_data_changed" ON "notification_receiver_group_invitations";
--> statement-breakpoint
CREATE TRIGGER "notification_receiver_group_invitations_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "notification_receiver_group_invitations" FOR EACH ROW EXECUTE FUNCTION "notify_org_data_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "notification_receiver_group_invitations_data_truncated" ON "notification_receiver_group_invitations";
--> statement-breakpoint
CREATE TRIGGER "notification_receiver_group_invitations_data_truncated" AFTER TRUNCATE ON "notification_receiver_group_invitations" FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_data_changed"();
