-- hand-written: (all of this migration) creating a role group no longer bumps the authorization
-- epoch (issue 8). What the permission check keeps for an epoch (platform/authz-cache.ts) is
-- organization roles, project references and memberships with the roles of the groups they hold; a
-- group nobody holds is in none of them. A new group is held by nobody: no other transaction can
-- name it before its creating transaction commits (the foreign key of project_member_role_groups
-- does not see an uncommitted row), and holders given in the same transaction bump through their
-- own trigger. So its insert, and the inserts of its roles in the transaction that created it, keep
-- the epoch — every instance keeps its grants, and the commit takes no turn on the epoch row. Any
-- other change to a group (its update, deletion, a role changed or removed later) bumps as before.
DROP TRIGGER "role_groups_authz_epoch" ON "role_groups";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "role_groups_authz_epoch" AFTER UPDATE OR DELETE ON "role_groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_authz_epoch"();
--> statement-breakpoint
-- The roles of a group: as bump_authz_epoch, except for a role inserted into a group this same
-- transaction inserted (its row's xmin is the transaction's id; an update of the group's row would
-- also set it, but that update bumps through role_groups_authz_epoch). Inside a savepoint the ids
-- differ and the bump happens: never less safe than before.
CREATE FUNCTION "bump_authz_epoch_for_group_roles"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_epoch bigint;
BEGIN
  IF current_setting('console.authz_epoch_bumped', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' AND EXISTS (
    SELECT 1 FROM "role_groups" WHERE "id" = NEW."role_group_id" AND "xmin" = pg_current_xact_id()::xid
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('console.authz_epoch_bumped', 'yes', true);
  UPDATE "authz_epoch" SET "epoch" = "epoch" + 1 WHERE "id" = 1 RETURNING "epoch" INTO next_epoch;
  PERFORM pg_notify('console_authz_epoch', next_epoch::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "role_group_roles_authz_epoch" ON "role_group_roles";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "role_group_roles_authz_epoch" AFTER INSERT OR UPDATE OR DELETE ON "role_group_roles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_authz_epoch_for_group_roles"();
