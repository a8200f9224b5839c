import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { PROJECT_MEMBER_KIND_PATH, ProjectMemberForm, type ProjectMemberKind } from '../components/ProjectMemberForm.tsx';

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
