import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { OrgInfo } from '@console/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { organizationInfosQuery, orgProjectsCardQuery } from '../../../data/organizations/queries.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { creationBlockText } from '../../../widgets/creation/creation-block.ts';
import { useCreateOrganization } from '../../../widgets/creation/use-create-organization.tsx';
import { useCreateProject } from '../../../widgets/creation/use-create-project.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { roleLabel } from '../../../shared/permissions/role-names.ts';
import { useSession } from '../../../shared/session/session.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { RouterLink } from '../../../shared/ui/RouterLink.tsx';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { paths } from '../../../shared/paths.ts';

/** Projects listed on an organization's card before "View all". */
const CARD_PROJECTS = 5;

/**
 * The projects table loads on demand (issue 16): Cloudscape's Table, its pagination and preferences
 * are not on the route's first paint; it renders after the organization cards have painted. The
 * chunk is requested when this module loads.
 */
const loadMyProjectsTable = () => import('../components/MyProjectsTable.tsx').then((module) => module.MyProjectsTable);
const MyProjectsTable = onDemand(loadMyProjectsTable, { now: true });

/**
 * / (main and welcome): the caller's organizations with their projects, the caller's projects
 * across organizations, and the "Create organization" / "Create project" actions. A first-time
 * user (no organization) is told what an organization is and offered to create one.
 */
export function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const infos = useQuery(organizationInfosQuery());
  const createOrganization = useCreateOrganization();
  const createProject = useCreateProject();
  useDocumentTitle(t('home.title'));

  const orgInfos = infos.data?.orgInfos ?? [];
  const blocked = creationBlockText(t, infos.data?.orgCreation);
  const hasOrgs = orgInfos.length > 0;
  // An IAM account can own no project (the server answers ACCOUNT_RESTRICTED IAM_ACCOUNT): say so on the button.
  const projectBlock = session.memberType === 'IAM' ? t('restrictions.IAM_ACCOUNT') : undefined;

  const createOrgButton = (variant: 'primary' | 'normal', testId: string) => (
    <Button
      variant={variant}
      onClick={() => void createOrganization()}
      disabled={!infos.data || blocked !== undefined}
      disabledReason={blocked}
      data-testid={testId}
    >
      {t('home.createOrganization')}
    </Button>
  );

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('home.description')}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                onClick={() => void createProject(orgInfos.length === 1 ? orgInfos[0]?.orgId : undefined)}
                disabled={!hasOrgs || projectBlock !== undefined}
                disabledReason={projectBlock ?? (infos.data && !hasOrgs ? t('home.createProjectNeedsOrg') : undefined)}
                data-testid="home-create-project"
              >
                {t('home.createProject')}
              </Button>
              {createOrgButton('primary', 'home-create-organization')}
            </SpaceBetween>
          }
        >
          {t('home.welcome', { name: session.userName })}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {infos.isPending ? (
          <PageSpinner />
        ) : infos.isError ? (
          <ErrorState error={infos.error} onRetry={() => void infos.refetch()} />
        ) : !hasOrgs ? (
          <Container>
            <Box textAlign="center" padding={{ vertical: 'l' }} data-testid="home-no-organizations">
              <SpaceBetween size="m">
                <Box variant="h2">{t('home.noOrganizations')}</Box>
                <Box variant="p" color="text-body-secondary">
                  {t('home.emptyDescription')}
                </Box>
                {blocked ? <Box color="text-status-warning">{blocked}</Box> : null}
                <div>{createOrgButton('primary', 'home-empty-create-organization')}</div>
              </SpaceBetween>
            </Box>
          </Container>
        ) : (
          <SpaceBetween size="l">
            <SpaceBetween size="s">
              <Header variant="h2" counter={`(${orgInfos.length})`}>
                {t('home.organizations')}
              </Header>
              <ColumnLayout columns={orgInfos.length > 1 ? 2 : 1}>
                {orgInfos.map((info) => (
                  <OrganizationCard key={info.orgId} info={info} />
                ))}
              </ColumnLayout>
            </SpaceBetween>
            <MyProjectsTable />
          </SpaceBetween>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}

function OrganizationCard({ info }: { info: OrgInfo }) {
  const { t } = useTranslation();
  const projects = useQuery(orgProjectsCardQuery(info.orgId));
  const blocked = isApiError(projects.error) && ['-8', '-14', '5002', '5006'].includes(projects.error.code ?? '');
  const shown = projects.data?.slice(0, CARD_PROJECTS) ?? [];
  const more = (projects.data?.length ?? 0) - shown.length;
  // projectCount counts every project of the organization; the list holds those the caller sees.
  const notMemberOf = projects.data ? Math.max(0, info.projectCount - projects.data.length) : 0;

  return (
    <Container
      fitHeight
      data-testid={`home-org-${info.orgId}`}
      header={
        <Header
          variant="h3"
          description={t('home.ownerName', { name: info.owner.name })}
          actions={
            <SpaceBetween direction="horizontal" size="xxs">
              {info.orgRoleCodes.map((role) => (
                <Badge key={role} color={role === 'OWNER' ? 'blue' : 'grey'}>
                  {roleLabel(t, { category: 'ORG_ROLE', roleName: role })}
                </Badge>
              ))}
            </SpaceBetween>
          }
        >
          <RouterLink href={paths.org(info.orgId).dashboard} fontSize="heading-m">
            {info.orgName}
          </RouterLink>
        </Header>
      }
    >
      <SpaceBetween size="xs">
        <Box variant="awsui-key-label">
          {t('home.projects')}{' '}
          <Box variant="span" color="text-body-secondary" fontWeight="normal">
            {t('home.projectUsage', { count: info.projectCount, limit: info.projectLimit })}
          </Box>
        </Box>
        {projects.isPending ? (
          <Box color="text-status-inactive">{t('common.loading')}</Box>
        ) : blocked ? (
          <Box color="text-status-warning" data-testid="home-org-blocked">
            {t('home.orgBlocked')}
          </Box>
        ) : projects.isError ? (
          <Box color="text-status-error">{t('home.projectsLoadFailed')}</Box>
        ) : shown.length === 0 && notMemberOf > 0 ? (
          <Box color="text-status-inactive" data-testid="home-org-not-member">
            {t('home.notMemberOfAny', { count: notMemberOf })}
          </Box>
        ) : shown.length === 0 ? (
          <Box color="text-status-inactive">{t('home.noProjects')}</Box>
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {shown.map((project) => (
              // 4 px above and below: links 28 px apart, so each keeps the 24 px target of WCAG 2.5.8.
              <li key={project.projectId} style={{ paddingBlock: 4 }}>
                <RouterLink href={paths.project(project.projectId).dashboard}>{project.projectName}</RouterLink>
              </li>
            ))}
          </ul>
        )}
        {shown.length > 0 && notMemberOf > 0 ? (
          <Box variant="small" color="text-body-secondary" data-testid="home-org-not-member">
            {t('home.hiddenProjects', { count: notMemberOf })}
          </Box>
        ) : null}
        {more > 0 ? (
          <RouterLink href={paths.org(info.orgId).dashboard}>
            {t('home.moreProjects', { count: projects.data?.length ?? 0 })}
          </RouterLink>
        ) : null}
      </SpaceBetween>
    </Container>
  );
}
