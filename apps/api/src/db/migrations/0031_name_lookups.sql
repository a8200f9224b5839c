-- The name lookups of a change (issue 8, docs/benchmarks.md "The tenth pass"): the duplicate-name
-- warning and unique-name check of a project (projects.repository hasNamed, updateNamed:
-- lower(btrim(name)) in the organization) and the name check of a role group (nameTaken: a COMMON
-- group's name clashes with every group of the organization, which the partial unique indexes do not
-- cover) read every project or group of the organization before: 1,100 projects of the bench's large
-- tenant per rename, and as many groups as the organization had made per group added.
CREATE INDEX "projects_org_name_idx" ON "projects" USING btree ("org_id",lower(btrim("name")));--> statement-breakpoint
CREATE INDEX "role_groups_org_name_idx" ON "role_groups" USING btree ("org_id",lower("name"));