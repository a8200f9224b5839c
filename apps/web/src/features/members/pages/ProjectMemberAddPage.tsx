import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { PROJECT_MEMBER_KIND_PATH, type ProjectMemberKind } from '../components/project-member-kind.ts';

/**
 * The form loads on demand (issue 16): react-hook-form, the role and role-group multiselects and the
 * candidates' select are not on the route's first paint, which is the header; the part is requested
 * when this module loads (`onDemand`'s `now`) and mounts once.
 */
const loadForm = () => import('../components/ProjectMemberForm.tsx').then((module) => module.ProjectMemberForm);
const ProjectMemberForm = onDemand(loadForm, { now: true });

/**
 * /project/:projectId/member/cloud/add and …/member/iam/add (spec §2): add a member of the
 * organization of that kind, chosen from the API's member candidates, with project roles and role
 * groups.
 */
function ProjectMemberAddPage({ memberType }: { memberType: ProjectMemberKind }) {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const kind = PROJECT_MEMBER_KIND_PATH[memberType];
  useDocumentTitle(t(`projectMembers.add.${kind}Title`));
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t(`projectMembers.add.${kind}Description`)}>
          {t(`projectMembers.add.${kind}Title`)}
        </Header>
      }
    >
      <div data-testid={`project-member-${kind}-add-page`}>
        <ProjectMemberForm key={`${projectId}-${memberType}`} projectId={projectId} memberType={memberType} />
      </div>
    </ContentLayout>
  );
}

export function ProjectCloudMemberAddPage() {
  return <ProjectMemberAddPage memberType="TOAST_CLOUD" />;
}

export function ProjectIamMemberAddPage() {
  return <ProjectMemberAddPage memberType="IAM" />;
}
