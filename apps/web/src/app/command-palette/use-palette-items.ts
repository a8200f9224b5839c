import { langOf, LOCALES } from '@console/contracts/locales';
import type { PermissionName } from '@console/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { orgMembersQuery } from '../../data/members/queries.ts';
import { myProjectsQuery } from '../../data/projects/queries.ts';
import { roleGroupsQuery } from '../../data/role-groups/queries.ts';
import { useCreateOrganization } from '../../widgets/creation/use-create-organization.tsx';
import { useCreateProject } from '../../widgets/creation/use-create-project.tsx';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value.ts';
import { i18n, loadUiMessages } from '../../shared/i18n/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { usePermissions, type PermissionCheck } from '../../shared/permissions/use-permissions.ts';
import type { Scope } from '../shell/scope.ts';
import type { PaletteItem, PaletteKind } from './palette-search.ts';

/** A page or action of the palette: its text key, where it goes, and what it needs. */
interface Entry {
  readonly key: ParseKeys;
  readonly kind: Extract<PaletteKind, 'page' | 'action'>;
  readonly href?: string;
  readonly run?: () => void;
  readonly check?: PermissionCheck;
  readonly permission?: PermissionName;
  /** Where it is (the organization or project name). */
  readonly detail?: string | undefined;
}

/** Server searches start from this many characters, after the user pauses typing. */
const SEARCH_MIN = 2;
/** How many of the user's projects (newest first) the palette finds by name. */
const PALETTE_PROJECTS = 200;

/**
 * Everything the palette offers from where the user is: pages and actions of the current
 * organization and project (actions the user may not do carry why), the user's organizations and
 * projects, and — as they type — the organization's members and role groups the user may list,
 * searched on the server. Pages and actions are found by their names in all four languages (the
 * other languages' texts load when the palette opens).
 */
export function usePaletteItems(scope: Scope, query: string, close: () => void): { items: PaletteItem[]; searching: boolean } {
  const { t } = useTranslation();
  const [allLanguages, setAllLanguages] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.all(LOCALES.map((locale) => loadUiMessages(locale))).then(() => live && setAllLanguages(true));
    return () => {
      live = false;
    };
  }, []);

  const { orgId, projectId } = scope;
  const orgPermissions = usePermissions({ orgId });
  const projectPermissions = usePermissions({ projectId });
  const createProject = useCreateProject();
  const createOrganization = useCreateOrganization();

  const typed = useDebouncedValue(query.trim(), 250);
  const search = typed.length >= SEARCH_MIN ? typed : '';
  const mayListMembers = orgPermissions.check('Organization.Member.List').allowed;
  const mayListOrgGroups = orgPermissions.check('Organization.RoleGroup.List').allowed;
  const mayListProjectGroups = projectPermissions.check('Project.RoleGroup.List').allowed;
  const projects = useQuery(myProjectsQuery(1, PALETTE_PROJECTS, 'regDateTime,desc'));
  const members = useQuery({
    ...orgMembersQuery(orgId ?? '', { page: 1, limit: 10, ...(search.includes('@') ? { emailLike: search } : { nameLike: search }) }),
    enabled: orgId !== undefined && search !== '' && mayListMembers,
  });
  const orgGroups = useQuery({
    ...roleGroupsQuery({ kind: 'org', orgId: orgId ?? '' }, { page: 1, limit: 10, sort: 'name,asc', nameLike: search }),
    enabled: orgId !== undefined && search !== '' && mayListOrgGroups,
  });
  const projectGroups = useQuery({
    ...roleGroupsQuery({ kind: 'project', projectId: projectId ?? '' }, { page: 1, limit: 10, sort: 'name,asc', nameLike: search }),
    enabled: projectId !== undefined && search !== '' && mayListProjectGroups,
  });

  const items = useMemo(() => {
    const fixed = LOCALES.map((locale) => i18n.getFixedT(langOf(locale)));
    const termsOf = (key: ParseKeys) => (allLanguages ? fixed.map((tr) => tr(key)) : [t(key)]);
    const entries: Entry[] = [];
    const org = orgId ? paths.org(orgId) : undefined;
    const orgName = scope.org?.orgName;
    const projectName = scope.project?.projectName;
    if (orgId && org) {
      const can = (permission: PermissionName) => ({ check: orgPermissions.check(permission), permission });
      entries.push(
        { key: 'palette.actions.createProject', kind: 'action', run: () => void createProject(orgId), ...can('Organization.Project.Create'), detail: orgName },
        { key: 'palette.actions.inviteMember', kind: 'action', href: org.memberCloudAdd, ...can('Organization.Member.Create'), detail: orgName },
        { key: 'palette.actions.importMembers', kind: 'action', href: org.memberImport, ...can('Organization.Member.Create'), detail: orgName },
        { key: 'palette.actions.addOrgRoleGroup', kind: 'action', href: org.roleGroupAdd, ...can('Organization.RoleGroup.Create'), detail: orgName },
        { key: 'palette.pages.orgDashboard', kind: 'page', href: org.dashboard, detail: orgName },
        { key: 'palette.pages.activity', kind: 'page', href: org.activity, detail: orgName },
        { key: 'palette.pages.orgMembers', kind: 'page', href: org.member, ...can('Organization.Member.List'), detail: orgName },
        { key: 'palette.pages.orgSetting', kind: 'page', href: org.setting, ...can('Organization.Setting.Get'), detail: orgName },
      );
    }
    if (projectId) {
      const project = paths.project(projectId);
      const can = (permission: PermissionName) => ({ check: projectPermissions.check(permission), permission });
      entries.push(
        { key: 'palette.actions.addProjectMember', kind: 'action', href: project.memberAdd('cloud'), ...can('Project.Member.Create'), detail: projectName },
        { key: 'palette.actions.addProjectRoleGroup', kind: 'action', href: project.roleGroupAdd, ...can('Project.RoleGroup.Create'), detail: projectName },
        { key: 'palette.actions.createAppKey', kind: 'action', href: project.authentication, ...can('Project.ProjectAppKey.Create'), detail: projectName },
        { key: 'palette.pages.projectDashboard', kind: 'page', href: project.dashboard, detail: projectName },
        { key: 'palette.pages.projectMembers', kind: 'page', href: project.member, ...can('Project.Member.List'), detail: projectName },
        { key: 'palette.pages.projectRoleGroups', kind: 'page', href: project.roleGroup, ...can('Project.RoleGroup.List'), detail: projectName },
        { key: 'palette.pages.services', kind: 'page', href: project.services, detail: projectName },
        { key: 'palette.pages.appKeys', kind: 'page', href: project.authentication, detail: projectName },
        { key: 'palette.pages.projectSetting', kind: 'page', href: project.setting, ...can('Project.Setting.Get'), detail: projectName },
      );
    }
    entries.push(
      { key: 'palette.actions.createOrganization', kind: 'action', run: () => void createOrganization() },
      { key: 'palette.pages.home', kind: 'page', href: paths.home },
      { key: 'palette.pages.myRoles', kind: 'page', href: paths.rolesOrganizations },
      { key: 'palette.pages.experiments', kind: 'page', href: paths.experiments },
    );

    const list: PaletteItem[] = entries.map((entry) => {
      const denied = entry.check && !entry.check.allowed && !entry.check.loading;
      return {
        id: `${entry.kind}:${entry.key}:${entry.href ?? ''}`,
        kind: entry.kind,
        label: t(entry.key),
        detail: entry.detail,
        terms: termsOf(entry.key),
        href: entry.href,
        run: entry.run,
        disabledReason: denied ? t('palette.needs', { permission: entry.permission ?? '', roles: entry.check?.reason ?? '' }) : undefined,
      };
    });
    for (const each of scope.orgs ?? []) {
      list.push({ id: `org:${each.orgId}`, kind: 'organization', label: each.orgName, terms: [each.orgName], href: paths.org(each.orgId).dashboard, detail: t('palette.kinds.organization') });
    }
    const orgNames = new Map((scope.orgs ?? []).map((each) => [each.orgId, each.orgName]));
    for (const each of projects.data?.projects ?? []) {
      list.push({
        id: `project:${each.projectId}`,
        kind: 'project',
        label: each.projectName,
        terms: [each.projectName, each.shortenProjectId],
        href: paths.project(each.projectId).dashboard,
        detail: orgNames.get(each.projectOrgId) ?? t('palette.kinds.project'),
      });
    }
    if (search && orgId) {
      for (const each of members.data?.members ?? []) {
        list.push({ id: `member:${each.memberUuid}`, kind: 'member', label: each.name, terms: [each.name, each.email], href: paths.org(orgId).memberCloudModify(each.memberUuid), detail: each.email });
      }
      for (const each of orgGroups.data?.roleGroups ?? []) {
        list.push({ id: `group:${each.roleGroupId}`, kind: 'roleGroup', label: each.roleGroupName, terms: [each.roleGroupName], href: paths.org(orgId).roleGroupModify(each.roleGroupId), detail: orgName });
      }
    }
    if (search && projectId) {
      for (const each of projectGroups.data?.roleGroups ?? []) {
        if (each.projectId === null) continue; // the organization's common groups are listed above
        list.push({ id: `group:${each.roleGroupId}`, kind: 'roleGroup', label: each.roleGroupName, terms: [each.roleGroupName], href: paths.project(projectId).roleGroupModify(each.roleGroupId), detail: projectName });
      }
    }
    return list.map((item) => (item.run ? { ...item, run: () => (close(), item.run!()) } : item));
  }, [t, allLanguages, orgId, projectId, scope.org, scope.project, scope.orgs, orgPermissions, projectPermissions, createProject, createOrganization, projects.data, members.data, orgGroups.data, projectGroups.data, search, close]);

  const searching = query.trim() !== typed || members.isFetching || orgGroups.isFetching || projectGroups.isFetching;
  return { items, searching };
}
