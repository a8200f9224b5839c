import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The members table loads on demand (issue 16): Cloudscape's Table, its search, pagination and the
 * add menu are not on the route's first paint, which is the header; the part is requested when this
 * module loads (`onDemand`'s `now`).
 */
const loadList = () => import('../components/ProjectMembersList.tsx').then((module) => module.ProjectMembersList);
const ProjectMembersList = onDemand(loadList, { now: true });

/**
 * /project/:projectId/member: the project's members (cloud members and IAM accounts) with their
 * project roles and role groups; remove (confirmed; the API's refusals such as PROJECT_WITHOUT_ADMIN "sole ADMIN"
 * translated). Add and modify are pages of their own, per kind (spec §2): member/cloud/add,
 * member/iam/add, member/cloud/modify?memberId=, member/iam/modify?memberId=.
 */
export function ProjectMembersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('projectMembers.title'));
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('projectMembers.description')}>
          {t('projectMembers.title')}
        </Header>
      }
    >
      <div data-testid="project-members-page">
        <ProjectMembersList />
      </div>
    </ContentLayout>
  );
}
