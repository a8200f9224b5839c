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
-- changes them, whoever changes them (the app, an import job, the demo data, psql). A role added to
-- a member takes the earlier of the two times at once (a concurrent insert of another role of the
-- same member cannot leave a later time); a deletion or an update reads the member's rows again.
CREATE FUNCTION "org_member_keys_refresh"(target_org uuid, target_member uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  joined timestamp with time zone;
BEGIN
  SELECT min("created_at") INTO joined FROM "org_members" WHERE "org_id" = target_org AND "member_id" = target_member;
  IF joined IS NULL THEN
    DELETE FROM "org_member_keys" WHERE "org_id" = target_org AND "member_id" = target_member;
  ELSE
    INSERT INTO "org_member_keys" ("org_id", "member_id", "joined_at", "email", "name")
      SELECT target_org, target_member, joined, m."email", m."name" FROM "members" m WHERE m."id" = target_member
      ON CONFLICT ("org_id", "member_id") DO UPDATE SET "joined_at" = excluded."joined_at", "email" = excluded."email", "name" = excluded."name";
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "org_members_keep_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "org_member_keys" ("org_id", "member_id", "joined_at", "email", "name")
      SELECT NEW."org_id", NEW."member_id", NEW."created_at", m."email", m."name" FROM "members" m WHERE m."id" = NEW."member_id"
      ON CONFLICT ("org_id", "member_id") DO UPDATE SET "joined_at" = least("org_member_keys"."joined_at", excluded."joined_at");
    RETURN NULL;
  END IF;
  PERFORM "org_member_keys_refresh"(OLD."org_id", OLD."member_id");
  IF TG_OP = 'UPDATE' AND (NEW."org_id", NEW."member_id") IS DISTINCT FROM (OLD."org_id", OLD."member_id") THEN
    PERFORM "org_member_keys_refresh"(NEW."org_id", NEW."member_id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "org_members_keys" AFTER INSERT OR UPDATE OR DELETE ON "org_members" FOR EACH ROW EXECUTE FUNCTION "org_members_keep_keys"();
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
