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
