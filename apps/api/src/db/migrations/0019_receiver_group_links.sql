CREATE TABLE "alarm_receiver_groups" (
	"alarm_id" uuid NOT NULL,
	"receiver_group_id" uuid NOT NULL,
	CONSTRAINT "alarm_receiver_groups_alarm_id_receiver_group_id_pk" PRIMARY KEY("alarm_id","receiver_group_id")
);
--> statement-breakpoint
-- The links the id array held, for the groups that still exist (a deleted group's id was stale).
INSERT INTO "alarm_receiver_groups" ("alarm_id", "receiver_group_id")
SELECT DISTINCT a."id", g."id" FROM "alarms" a CROSS JOIN LATERAL unnest(a."receiver_group_ids") AS x(id) JOIN "notification_receiver_groups" g ON g."id" = x.id;
--> statement-breakpoint
-- Silences of a receiver group deleted since mute nothing any more.
DELETE FROM "alarm_silences" s WHERE s."receiver_group_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "notification_receiver_groups" g WHERE g."id" = s."receiver_group_id");
--> statement-breakpoint
DROP INDEX "alarms_due";--> statement-breakpoint
ALTER TABLE "alarm_receiver_groups" ADD CONSTRAINT "alarm_receiver_groups_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_receiver_groups" ADD CONSTRAINT "alarm_receiver_groups_receiver_group_id_notification_receiver_groups_id_fk" FOREIGN KEY ("receiver_group_id") REFERENCES "public"."notification_receiver_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_receiver_groups_group" ON "alarm_receiver_groups" USING btree ("receiver_group_id");--> statement-breakpoint
ALTER TABLE "alarm_silences" ADD CONSTRAINT "alarm_silences_receiver_group_id_notification_receiver_groups_id_fk" FOREIGN KEY ("receiver_group_id") REFERENCES "public"."notification_receiver_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_due" ON "alarms" USING btree ("evaluated_through","project_id","service","metric_name","resource_id","id") WHERE "alarms"."enabled";--> statement-breakpoint
ALTER TABLE "alarms" DROP COLUMN "receiver_group_ids";