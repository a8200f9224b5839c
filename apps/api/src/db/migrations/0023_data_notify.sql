-- hand-written: (all of this migration) the notifications behind the response cache
-- (platform/response-cache.ts, issue 8). At the commit of any change to a row of an organization,
-- `console_data` carries the organization's id; a change to a row outside any one organization
-- (people, the catalogue, regions, links between alarms and groups...) carries `*`. Identical
-- notifications of one transaction are folded into one by PostgreSQL, and a rolled-back change
-- sends none. Written to run again harmlessly (a database that had it under another journal position).
-- Every table is listed below or in data-notify.db.test.ts's exclusions, with the reason.
CREATE OR REPLACE FUNCTION "notify_org_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('console_data', OLD."org_id"::text);
  ELSE
    PERFORM pg_notify('console_data', NEW."org_id"::text);
    IF TG_OP = 'UPDATE' AND OLD."org_id" IS DISTINCT FROM NEW."org_id" THEN
      PERFORM pg_notify('console_data', OLD."org_id"::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_organization_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('console_data', (CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_every_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('console_data', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "organizations_data_changed" ON "organizations";
--> statement-breakpoint
CREATE TRIGGER "organizations_data_changed" AFTER INSERT OR UPDATE OR DELETE ON "organizations" FOR EACH ROW EXECUTE FUNCTION "notify_organization_changed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "organizations_data_truncated" ON "organizations";
--> statement-breakpoint
CREATE TRIGGER "organizations_data_truncated" AFTER TRUNCATE ON "organizations" FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_data_changed"();
--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  -- Rows of one organization: their organization's answers go.
  FOREACH name IN ARRAY ARRAY[
    'activity_events', 'alarm_group_targets', 'alarm_groups', 'alarm_occurrences', 'alarm_silences', 'alarms',
    'auth_renew_periods', 'governance_break_glass', 'iam_members', 'iam_security_settings', 'import_jobs',
    'lnb_project_product_relations', 'notification_receiver_group_members', 'notification_receiver_group_role_groups',
    'notification_receiver_groups', 'notification_webhooks', 'org_domains', 'org_governance_settings',
    'org_identity_providers', 'org_invitations', 'org_ip_acls', 'org_members', 'org_products', 'org_regions',
    'org_support_team_members', 'product_resource_reports', 'project_authentications', 'project_member_role_groups',
    'project_members', 'project_products', 'projects', 'role_group_roles', 'role_groups', 'saas_members',
    'system_notification_receivers'
  ] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', name || '_data_changed', name);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', name || '_data_truncated', name);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION "notify_org_data_changed"()', name || '_data_changed', name);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_data_changed"()', name || '_data_truncated', name);
  END LOOP;
  -- Rows outside any one organization: every answer goes.
  FOREACH name IN ARRAY ARRAY[
    'alarm_alarm_groups', 'alarm_receiver_groups', 'iam_member_credentials', 'iam_password_history', 'members',
    'product_recommendations', 'product_uis', 'products', 'project_credentials', 'regions', 'user_access_keys'
  ] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', name || '_data_changed', name);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_data_changed"()', name || '_data_changed', name);
  END LOOP;
END;
$$;
