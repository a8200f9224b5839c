-- An organization receiver group's silence mutes it for the alarms of every project of the organization: no project.
ALTER TABLE "alarm_silences" ALTER COLUMN "project_id" DROP NOT NULL;
