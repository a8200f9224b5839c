import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { MissingParameter } from '../../../shared/ui/MissingParameter.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { projectMemberQuery } from '../../../data/members/queries.ts';
import { PROJECT_MEMBER_KIND_PATH, type ProjectMemberKind } from '../components/project-member-kind.ts';
import { paths } from '../../../shared/paths.ts';

/** The form loads on demand, requested when this module loads (issue 16; ProjectMemberAddPage.tsx). */
const loadForm = () => import('../components/ProjectMemberForm.tsx').then((module) => module.ProjectMemberForm);
const ProjectMemberForm = onDemand(loadForm, { now: true });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /project/:projectId/member/cloud/modify?memberId=… and …/member/iam/modify?memberId=… (spec
 * §2): change one project member's roles and role groups. The member is read with the single
 * project-member call; an id that is no member of the project (PROJECT_MEMBER_NOT_FOUND) or a member of the other
 * kind says so. Without a member id (or with one that cannot be a member's) the page says what is
 * missing; both link back to the project's members.
 */
function ProjectMemberModifyPage({ memberType }: { memberType: ProjectMemberKind }) {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const [search] = useSearchParams();
  const memberId = search.get('memberId') ?? '';
  const valid = UUID.test(memberId);
  const query = useQuery({ ...projectMemberQuery(projectId, memberType, memberId), enabled: valid });
  const kind = PROJECT_MEMBER_KIND_PATH[memberType];
  const title = t(`projectMembers.modify.${kind}Title`);
  useDocumentTitle(title);

  const back = paths.project(projectId).member;

  let body;
  if (!valid) {
    body = (
      <MissingParameter
        parameter="memberId"
        thing={t('projectMembers.modify.thing')}
        backHref={back}
        backText={t('projectMembers.modify.back')}
        invalid={memberId !== ''}
      />
    );
  } else if (query.isPending) body = <PageSpinner />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data) {
    // Keyed by the member: another member's page starts from that member's roles.
    body = <ProjectMemberForm key={query.data.projectMemberUuid} projectId={projectId} memberType={memberType} member={query.data} />;
  } else {
    body = (
      <SpaceBetween size="s">
        <Box color="text-status-inactive" data-testid="project-member-modify-missing">
          {t('projectMembers.modify.missing')}
        </Box>
        <RouterButton href={back}>{t('projectMembers.modify.back')}</RouterButton>
      </SpaceBetween>
    );
  }

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('projectMembers.modify.description')}>
          {title}
        </Header>
      }
    >
      <div data-testid={`project-member-${kind}-modify-page`}>{body}</div>
    </ContentLayout>
  );
}

export function ProjectCloudMemberModifyPage() {
  return <ProjectMemberModifyPage memberType="TOAST_CLOUD" />;
}

export function ProjectIamMemberModifyPage() {
  return <ProjectMemberModifyPage memberType="IAM" />;
}
