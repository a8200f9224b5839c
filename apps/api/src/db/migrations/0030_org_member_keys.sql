-- The organization member page's sort keys, one row per member of an organization (issue 8,
-- docs/benchmarks-request-path.md "fifth pass"): a page of 50 walks an index and reads 50 rows.
CREATE TABLE "org_member_keys" (
	"org_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "org_member_keys_org_id_member_id_pk" PRIMARY KEY("org_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "org_member_keys" ADD CONSTRAINT "org_member_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_member_keys" ADD CONSTRAINT "org_member_keys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "org_member_keys_member_idx" ON "org_member_keys" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "org_member_keys_joined_idx" ON "org_member_keys" USING btree ("org_id","joined_at","email","member_id");--> statement-breakpoint
CREATE INDEX "org_member_keys_name_idx" ON "org_member_keys" USING btree ("org_id",lower("name"),"member_id");--> statement-breakpoint
CREATE INDEX "org_member_keys_email_idx" ON "org_member_keys" USING btree ("org_id",lower("email"),"member_id");--> statement-breakpoint
-- hand-written: the keys follow org_members (the join time is the earliest of a member's rows, as
-- the page computed it with min(created_at)) and members' email and name, in the transaction that
-- changes them, whoever changes them (the app, an import job, the demo data, psql). Per statement and
-- set-based (transition tables): an import of 1,000 members is one upsert, not 1,000 (measured: a
-- per-row trigger tripled the insert of 1,000 org_members rows). Rows added take the earlier join
-- time at once (`least`: a concurrent insert of another role of the same member cannot leave the
-- later one); rows deleted or updated make their members' keys read org_members again.
CREATE FUNCTION "org_members_keys_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "org_member_keys" ("org_id", "member_id", "joined_at", "email", "name")
    SELECT a."org_id", a."member_id", min(a."created_at"), m."email", m."name"
    FROM "added_rows" a JOIN "members" m ON m."id" = a."member_id"
    GROUP BY a."org_id", a."member_id", m."email", m."name"
    ON CONFLICT ("org_id", "member_id") DO UPDATE SET "joined_at" = least("org_member_keys"."joined_at", excluded."joined_at");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "org_members_keys_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "pairs" AS (SELECT DISTINCT "org_id", "member_id" FROM "old_rows"),
  "joined" AS (
    SELECT p."org_id", p."member_id",
      (SELECT min(om."created_at") FROM "org_members" om WHERE om."org_id" = p."org_id" AND om."member_id" = p."member_id") AS "joined_at"
    FROM "pairs" p
  ),
  "gone" AS (
    DELETE FROM "org_member_keys" k USING "joined" j
    WHERE j."joined_at" IS NULL AND k."org_id" = j."org_id" AND k."member_id" = j."member_id"
  )
  UPDATE "org_member_keys" k SET "joined_at" = j."joined_at" FROM "joined" j
  WHERE j."joined_at" IS NOT NULL AND k."org_id" = j."org_id" AND k."member_id" = j."member_id" AND k."joined_at" <> j."joined_at";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "org_members_keys_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "pairs" AS (SELECT "org_id", "member_id" FROM "old_rows" UNION SELECT "org_id", "member_id" FROM "new_rows"),
  "joined" AS (
    SELECT p."org_id", p."member_id",
      (SELECT min(om."created_at") FROM "org_members" om WHERE om."org_id" = p."org_id" AND om."member_id" = p."member_id") AS "joined_at"
    FROM "pairs" p
  ),
  "gone" AS (
    DELETE FROM "org_member_keys" k USING "joined" j
    WHERE j."joined_at" IS NULL AND k."org_id" = j."org_id" AND k."member_id" = j."member_id"
  )
  INSERT INTO "org_member_keys" ("org_id", "member_id", "joined_at", "email", "name")
    SELECT j."org_id", j."member_id", j."joined_at", m."email", m."name"
    FROM "joined" j JOIN "members" m ON m."id" = j."member_id"
    WHERE j."joined_at" IS NOT NULL
    ON CONFLICT ("org_id", "member_id") DO UPDATE SET "joined_at" = excluded."joined_at";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "org_members_keys_added" AFTER INSERT ON "org_members" REFERENCING NEW TABLE AS "added_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_members_keys_added"();
--> statement-breakpoint
CREATE TRIGGER "org_members_keys_removed" AFTER DELETE ON "org_members" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_members_keys_removed"();
--> statement-breakpoint
CREATE TRIGGER "org_members_keys_updated" AFTER UPDATE ON "org_members" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_members_keys_updated"();
--> statement-breakpoint
CREATE FUNCTION "members_keep_org_member_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "org_member_keys" SET "email" = NEW."email", "name" = NEW."name" WHERE "member_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "members_org_member_keys" AFTER UPDATE OF "email", "name" ON "members" FOR EACH ROW
  WHEN (OLD."email" IS DISTINCT FROM NEW."email" OR OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "members_keep_org_member_keys"();
--> statement-breakpoint
CREATE FUNCTION "org_members_truncate_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "org_member_keys";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "org_members_keys_truncated" AFTER TRUNCATE ON "org_members" FOR EACH STATEMENT EXECUTE FUNCTION "org_members_truncate_keys"();
--> statement-breakpoint
INSERT INTO "org_member_keys" ("org_id", "member_id", "joined_at", "email", "name")
  SELECT om."org_id", om."member_id", min(om."created_at"), m."email", m."name"
  FROM "org_members" om JOIN "members" m ON m."id" = om."member_id"
  GROUP BY om."org_id", om."member_id", m."email", m."name";
