-- hand-written: (all of this migration) the notifications behind the request path's in-memory
-- session and permission cache (platform/auth-notify.ts, issue 8). NOTIFY inside a transaction is
-- delivered at its commit, in commit order, and not at all when it rolls back: every instance
-- listening hears of a change right after the change is visible, never before it.
-- The authorization epoch's bump now also announces the new epoch on console_authz_epoch.
CREATE OR REPLACE FUNCTION "bump_authz_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_epoch bigint;
BEGIN
  IF current_setting('console.authz_epoch_bumped', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('console.authz_epoch_bumped', 'yes', true);
  UPDATE "authz_epoch" SET "epoch" = "epoch" + 1 WHERE "id" = 1 RETURNING "epoch" INTO next_epoch;
  PERFORM pg_notify('console_authz_epoch', next_epoch::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Anything the session lookup reads, changed: a session ended or revoked (its touch of
-- last_seen_at aside), an account's status, restrictions or profile. Identical notifications of one
-- transaction are folded into one by PostgreSQL.
CREATE FUNCTION "notify_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('console_sessions', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER DELETE OR TRUNCATE OR UPDATE OF "token_hash", "csrf_token", "member_type", "member_id", "iam_member_id", "org_id", "domain", "idle_timeout_minutes", "created_at", "expires_at", "revoked_at" ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "members_sessions_changed" AFTER DELETE OR TRUNCATE OR UPDATE OF "email", "name", "mobile_number", "country", "account_type", "biz_member", "partner_owner", "status", "restrict_types" ON "members" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "iam_members_sessions_changed" AFTER DELETE OR TRUNCATE OR UPDATE OF "user_code", "email", "name", "mobile_number", "country", "status" ON "iam_members" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
