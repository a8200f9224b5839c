/** Where role groups are managed: the organization's common groups, or one project's groups. */
export type RoleGroupScope = { readonly kind: 'org'; readonly orgId: string } | { readonly kind: 'project'; readonly projectId: string };

/** The first segments of every query key of a scope (mutations there invalidate them). */
export const scopeKey = (scope: RoleGroupScope) =>
  scope.kind === 'org' ? (['org', scope.orgId] as const) : (['project', scope.projectId] as const);

/** The list page of a scope, where add, modify and delete return to. */
export const listPathOf = (scope: RoleGroupScope) =>
  scope.kind === 'org' ? `/org/${scope.orgId}/setting` : `/project/${scope.projectId}/role-group`;

export const addPathOf = (scope: RoleGroupScope) =>
  scope.kind === 'org' ? `/org/${scope.orgId}/setting/role-group/add` : `/project/${scope.projectId}/role-group/add`;

export const modifyPathOf = (scope: RoleGroupScope, roleGroupId: string) =>
  scope.kind === 'org'
    ? `/org/${scope.orgId}/setting/role-group/modify/${roleGroupId}`
    : `/project/${scope.projectId}/role-group/modify/${roleGroupId}`;
