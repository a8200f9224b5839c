CREATE TABLE "org_counts" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"projects" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_counts" ADD CONSTRAINT "org_counts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: the counts follow org_member_keys (one row per member of an organization) and
-- projects, in the transaction that changes them, whoever changes them (the app, an import job,
-- the demo data, psql). Per statement and set-based (transition tables), as org_member_keys' own
-- triggers: an import of 1,000 members is one upsert of one row. Rows of several organizations are
-- locked in org_id order, so two statements that touch the same organizations cannot deadlock on
-- their counts. A key's org_id never changes (it is its primary key's first column; nothing updates
-- it), nor a project's: no UPDATE trigger is needed.
CREATE FUNCTION "org_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'projects' THEN
    INSERT INTO "org_counts" ("org_id", "projects")
      SELECT "org_id", count(*) FROM "added_rows" GROUP BY "org_id" ORDER BY "org_id"
      ON CONFLICT ("org_id") DO UPDATE SET "projects" = "org_counts"."projects" + excluded."projects";
  ELSE
    INSERT INTO "org_counts" ("org_id", "members")
      SELECT "org_id", count(*) FROM "added_rows" GROUP BY "org_id" ORDER BY "org_id"
      ON CONFLICT ("org_id") DO UPDATE SET "members" = "org_counts"."members" + excluded."members";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "org_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Locked in org_id order first (the UPDATE alone would take them in its join's order).
  PERFORM 1 FROM "org_counts" c WHERE c."org_id" IN (SELECT DISTINCT "org_id" FROM "removed_rows") ORDER BY c."org_id" FOR UPDATE;
  IF TG_TABLE_NAME = 'projects' THEN
    UPDATE "org_counts" c SET "projects" = c."projects" - g."n"
      FROM (SELECT "org_id", count(*) AS "n" FROM "removed_rows" GROUP BY "org_id") g WHERE c."org_id" = g."org_id";
  ELSE
    UPDATE "org_counts" c SET "members" = c."members" - g."n"
      FROM (SELECT "org_id", count(*) AS "n" FROM "removed_rows" GROUP BY "org_id") g WHERE c."org_id" = g."org_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "org_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'projects' THEN
    UPDATE "org_counts" SET "projects" = 0 WHERE "projects" <> 0;
  ELSE
    UPDATE "org_counts" SET "members" = 0 WHERE "members" <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "org_member_keys_counted" AFTER INSERT ON "org_member_keys" REFERENCING NEW TABLE AS "added_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "org_member_keys_uncounted" AFTER DELETE ON "org_member_keys" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_counts_removed"();
--> statement-breakpoint
CREATE TRIGGER "org_member_keys_counts_truncated" AFTER TRUNCATE ON "org_member_keys" FOR EACH STATEMENT EXECUTE FUNCTION "org_counts_truncated"();
--> statement-breakpoint
CREATE TRIGGER "projects_counted" AFTER INSERT ON "projects" REFERENCING NEW TABLE AS "added_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "projects_uncounted" AFTER DELETE ON "projects" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_counts_removed"();
--> statement-breakpoint
CREATE TRIGGER "projects_counts_truncated" AFTER TRUNCATE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION "org_counts_truncated"();
--> statement-breakpoint
INSERT INTO "org_counts" ("org_id", "members", "projects")
  SELECT o."id",
    (SELECT count(*) FROM "org_member_keys" k WHERE k."org_id" = o."id"),
    (SELECT count(*) FROM "projects" p WHERE p."org_id" = o."id")
  FROM "organizations" o;
