CREATE TABLE "authz_epoch" (
	"id" integer PRIMARY KEY NOT NULL,
	"epoch" bigint NOT NULL,
	CONSTRAINT "authz_epoch_single_row" CHECK ("authz_epoch"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "authz_epoch" ("id", "epoch") VALUES (1, 0);
--> statement-breakpoint
-- The bump runs at commit (a deferred constraint trigger), once per transaction (a transaction-local
-- flag), and is the transaction's last lock: the epoch row is locked only for the instant of the
-- commit, so it cannot take part in a deadlock, and a rolled-back change bumps nothing. Readers see
-- the new epoch together with the committed change (same commit), never before it.
CREATE FUNCTION "bump_authz_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('console.authz_epoch_bumped', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('console.authz_epoch_bumped', 'yes', true);
  UPDATE "authz_epoch" SET "epoch" = "epoch" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "org_members_authz_epoch" AFTER INSERT OR UPDATE OR DELETE ON "org_members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_authz_epoch"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "project_members_authz_epoch" AFTER INSERT OR UPDATE OR DELETE ON "project_members" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_authz_epoch"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "project_member_role_groups_authz_epoch" AFTER INSERT OR UPDATE OR DELETE ON "project_member_role_groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_authz_epoch"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "role_groups_authz_epoch" AFTER INSERT OR UPDATE OR DELETE ON "role_groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_authz_epoch"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "role_group_roles_authz_epoch" AFTER INSERT OR UPDATE OR DELETE ON "role_group_roles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_authz_epoch"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "projects_authz_epoch" AFTER INSERT OR DELETE OR UPDATE OF "org_id", "owner_member_id" ON "projects" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_authz_epoch"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "organizations_authz_epoch" AFTER INSERT OR DELETE OR UPDATE OF "time_zone" ON "organizations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_authz_epoch"();
