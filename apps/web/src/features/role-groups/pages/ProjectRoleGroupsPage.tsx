import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { DeniedState } from '../../../shared/ui/DeniedState.tsx';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { RoleGroupAddButton } from '../../../widgets/role-groups/RoleGroupAddButton.tsx';

/**
 * The role groups' table loads on demand (issue 16): Cloudscape's Table, its search, sorting,
 * pagination, preferences and the delete dialog are not on the route's first paint, which is the
 * header and its Add; the part is requested when this module loads (`onDemand`'s `now`).
 */
const loadTable = () => import('../../../widgets/role-groups/RoleGroupsTable.tsx').then((module) => module.RoleGroupsTable);
const RoleGroupsTable = onDemand(loadTable, { now: true });

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
        title={t('roleGroups.title')}
        checks={{
          update: permissions.check('Project.RoleGroup.Update'),
          remove: permissions.check('Project.RoleGroup.Delete'),
        }}
      />
    );
  }
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('roleGroups.description')}
          actions={listCheck.allowed ? <RoleGroupAddButton scope={{ kind: 'project', projectId }} check={permissions.check('Project.RoleGroup.Create')} /> : undefined}
        >
          {t('roleGroups.title')}
        </Header>
      }
    >
      <div data-testid="project-role-groups-page">{body}</div>
    </ContentLayout>
  );
}
