import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { DeniedState } from '../../../shared/ui/DeniedState.tsx';
import { RoleGroupsTable } from '../../../widgets/role-groups/RoleGroupsTable.tsx';

/**
 * /project/:projectId/role-group (spec §2, project tab "role groups"): the project's role groups
 * and the organization's common ones, searched, sorted and paged by the server.
 */
export function ProjectRoleGroupsPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const permissions = usePermissions({ projectId });
  const listCheck = permissions.check('Project.RoleGroup.List');
  useDocumentTitle(t('roleGroups.title'));

  let body;
  if (listCheck.loading) body = <PageSpinner />;
  else if (!listCheck.allowed) body = <DeniedState reason={listCheck.reason} testId="role-groups-denied" />;
  else {
    body = (
      <RoleGroupsTable
        scope={{ kind: 'project', projectId }}
        headerVariant="h1"
        title={t('roleGroups.title')}
        description={t('roleGroups.description')}
        checks={{
          create: permissions.check('Project.RoleGroup.Create'),
          update: permissions.check('Project.RoleGroup.Update'),
          remove: permissions.check('Project.RoleGroup.Delete'),
        }}
      />
    );
  }
  return <div data-testid="project-role-groups-page">{body}</div>;
}
