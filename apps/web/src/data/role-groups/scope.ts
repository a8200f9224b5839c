import { paths } from '../../shared/paths.ts';
/** Where role groups are managed: the organization's common groups, or one project's groups. */
export type RoleGroupScope = { readonly kind: 'org'; readonly orgId: string } | { readonly kind: 'project'; readonly projectId: string };

/** The first segments of every query key of a scope (mutations there invalidate them). */
export const scopeKey = (scope: RoleGroupScope) =>
  scope.kind === 'org' ? (['org', scope.orgId] as const) : (['project', scope.projectId] as const);

/** The list page of a scope, where add, modify and delete return to. */
export const listPathOf = (scope: RoleGroupScope) =>
  scope.kind === 'org' ? paths.org(scope.orgId).setting : paths.project(scope.projectId).roleGroup;

export const addPathOf = (scope: RoleGroupScope) =>
  scope.kind === 'org' ? paths.org(scope.orgId).roleGroupAdd : paths.project(scope.projectId).roleGroupAdd;

export const modifyPathOf = (scope: RoleGroupScope, roleGroupId: string) =>
  scope.kind === 'org'
    ? paths.org(scope.orgId).roleGroupModify(roleGroupId)
    : paths.project(scope.projectId).roleGroupModify(roleGroupId);
