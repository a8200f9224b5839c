import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { MEMBER_LIST_LIMIT } from '@console/contracts/limits';
import { DEFAULT_ORG_TIME_ZONE } from '@console/contracts/organizations-constants';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate, useParams } from 'react-router';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useLocale } from '../../../shared/i18n/LocaleProvider.tsx';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import { projectMembersQuery } from '../../../data/members/queries.ts';
import { organizationQuery } from '../../../data/organizations/queries.ts';
import { projectQuery } from '../../../data/projects/queries.ts';
import { productPermissionChoicesQuery, roleCategoriesQuery, roleGroupCatalogueQuery, roleGroupQuery } from '../../../data/role-groups/queries.ts';
import { listPathOf, type RoleGroupScope } from '../../../data/role-groups/scope.ts';
import { DeniedState } from '../../../shared/ui/DeniedState.tsx';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import type { MemberChoice } from '../components/RoleGroupForm.tsx';

/**
 * The form loads on demand (issue 16): react-hook-form, the roles' tree with its conditions, the
 * members' multiselect and the save's calls are not on the route's first paint, which is the
 * header; the part is requested when this module loads (`onDemand`'s `now`) and mounts once per
 * group (its `key`).
 */
const loadForm = () => import('../components/RoleGroupEditForm.tsx').then((module) => module.RoleGroupEditForm);
const RoleGroupEditForm = onDemand(loadForm, { now: true });

/**
 * Add or modify a role group: a project's (/project/:projectId/role-group/add, modify/:roleGroupId)
 * or the organization's common one (/org/:orgId/setting/role-group/add, modify/:roleGroupId).
 * A common group opened in a project is read-only there, but who holds it can be changed.
 */
function RoleGroupEditPage({ scopeKind }: { scopeKind: 'org' | 'project' }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { orgId: orgParam = '', projectId = '', roleGroupId } = useParams();
  const scope: RoleGroupScope = scopeKind === 'org' ? { kind: 'org', orgId: orgParam } : { kind: 'project', projectId };
  const project = useQuery({ ...projectQuery(projectId), enabled: scopeKind === 'project' });
  const orgId = scopeKind === 'org' ? orgParam : project.data?.projectOrgId;
  const org = useQuery({ ...organizationQuery(orgId ?? ''), enabled: orgId !== undefined && orgId !== '' });
  const timeZone = org.data?.timeZone ?? DEFAULT_ORG_TIME_ZONE;
  const permissions = usePermissions(scopeKind === 'org' ? { orgId: orgParam } : { projectId });
  const prefix = scopeKind === 'org' ? 'Organization' : 'Project';
  const createCheck = permissions.check(`${prefix}.RoleGroup.Create`);
  const updateCheck = permissions.check(`${prefix}.RoleGroup.Update`);
  const getCheck = permissions.check(`${prefix}.RoleGroup.Get`);
  const assignCheck = permissions.check('Project.Member.Update');
  const isModify = roleGroupId !== undefined;
  const pageAllowed = isModify ? getCheck : createCheck;

  const group = useQuery({ ...roleGroupQuery(scope, roleGroupId ?? '', locale), enabled: isModify && getCheck.allowed });
  const catalogue = useQuery({ ...roleGroupCatalogueQuery(scope, locale), enabled: pageAllowed.allowed });
  const categories = useQuery({ ...roleCategoriesQuery(scope, locale), enabled: pageAllowed.allowed });
  // The services' own permissions (Email:Project.Product.Get), grouped per service; a failure to read them leaves the roles alone.
  const productChoices = useQuery({ ...productPermissionChoicesQuery(locale), enabled: pageAllowed.allowed });
  const projectMembers = useQuery({
    ...projectMembersQuery(projectId, { page: 1, limit: MEMBER_LIST_LIMIT }),
    enabled: scopeKind === 'project' && pageAllowed.allowed,
  });

  const [dirty, setDirty] = useState(false);
  const { leaveWithoutAsking } = useUnsavedChangesGuard(dirty);
  const common = scopeKind === 'org';
  // A group the caller can only look at (a common group in a project, or no Update) is "details".
  const viewOnly = group.data !== undefined && (!group.data.editable || !updateCheck.allowed);
  const title = viewOnly
    ? t('roleGroups.viewTitle')
    : isModify
      ? t(common ? 'roleGroups.form.modifyCommonTitle' : 'roleGroups.form.modifyTitle')
      : t(common ? 'roleGroups.form.addCommonTitle' : 'roleGroups.form.addTitle');
  useDocumentTitle(group.data ? `${group.data.roleGroupName} - ${title}` : title);
  const back = () => leaveWithoutAsking(() => navigate(listPathOf(scope)));

  let body;
  if (pageAllowed.loading) body = <PageSpinner />;
  else if (!pageAllowed.allowed) body = <DeniedState reason={pageAllowed.reason} testId="role-group-denied" />;
  else if (group.isError) body = <ErrorState error={group.error} onRetry={() => void group.refetch()} />;
  else if (catalogue.isError) body = <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  else if ((isModify && group.isPending) || catalogue.isPending || categories.isPending || productChoices.isPending) body = <PageSpinner />;
  else {
    const detail = group.data;
    const editDisabledReason =
      detail && !detail.editable ? t('roleGroups.readOnlyCommon') : isModify ? updateCheck.reason : createCheck.reason;
    const members: MemberChoice | undefined =
      scopeKind === 'project'
        ? {
            options: (projectMembers.data?.projectMembers ?? []).map((member) => ({
              value: member.projectMemberUuid,
              label: member.name,
              description: member.userCode ? `${member.userCode} · ${member.email}` : member.email,
            })),
            loading: projectMembers.isPending,
            disabledReason: assignCheck.reason,
          }
        : undefined;
    body = (
      <RoleGroupEditForm
        key={detail ? `${detail.roleGroupId}:${detail.modDateTime}` : 'new'}
        scope={scope}
        projectId={projectId}
        roleGroupId={roleGroupId}
        timeZone={timeZone}
        group={detail}
        catalogue={catalogue.data}
        categoryNames={categories.data ?? new Map<string, string>()}
        productChoices={productChoices.data ?? []}
        editDisabledReason={editDisabledReason}
        members={members}
        onDone={(saved, created) => {
          setDirty(false);
          toasts.show({
            type: 'success',
            content: t(created ? 'roleGroups.form.created' : 'roleGroups.form.saved', { name: saved.roleGroupName }),
          });
          void back();
        }}
        onCancel={() => void navigate(listPathOf(scope))}
        onDirtyChange={setDirty}
      />
    );
  }

  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      <div data-testid="role-group-edit-page">{body}</div>
    </ContentLayout>
  );
}

export const ProjectRoleGroupEditPage = () => <RoleGroupEditPage scopeKind="project" />;
export const OrgRoleGroupEditPage = () => <RoleGroupEditPage scopeKind="org" />;
