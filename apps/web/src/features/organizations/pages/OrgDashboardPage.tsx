import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useFormatters, useLocale } from '../../../shared/i18n/LocaleProvider.tsx';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { roleLabel } from '../../../shared/permissions/role-names.ts';
import { useSession } from '../../../shared/session/session.ts';
import { selectableRegions } from '../../../shared/regions/region-choice.ts';
import { regionLabel } from '../../../shared/regions/region-label.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { organizationInfosQuery, organizationQuery, orgRegionsQuery } from '../../../data/organizations/queries.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { loadMessageParts } from '../../../shared/i18n/i18n.ts';
import Grid from '@cloudscape-design/components/grid';
import { useCreateProject } from '../../../widgets/creation/use-create-project.tsx';
import { paths } from '../../../shared/paths.ts';

/**
 * The projects table and the two widgets below it load on demand (issue 16): their code (Cloudscape's
 * Table with its pagination and preferences, the widgets) is not on the route's first paint, and
 * they render after the overview has painted. The chunks are requested when this module loads, each
 * with the strings only it shows (message parts: the projects table's import button `imports`, the
 * widgets' `activity`), which are then not on the first paint either.
 */
const loadProjectsTable = () =>
  Promise.all([import('../components/OrgProjectsTable.tsx'), loadMessageParts(['imports'])]).then(([module]) => module.OrgProjectsTable);
const loadMembersWidget = () =>
  Promise.all([import('../components/OrgMembersWidget.tsx'), loadMessageParts(['activity'])]).then(([module]) => module.OrgMembersWidget);
const loadActivityWidget = () =>
  Promise.all([import('../../../widgets/activity/RecentActivityWidget.tsx'), loadMessageParts(['activity'])]).then(([module]) => module.RecentActivityWidget);
const OrgProjectsTable = onDemand(loadProjectsTable, { now: true });
const OrgMembersWidget = onDemand(loadMembersWidget, { now: true });
const RecentActivityWidget = onDemand(loadActivityWidget, { now: true });

/** /org/:orgId/dashboard: the organization's overview (name, domain, owner, regions), its projects, members and recent activity. */
export function OrgDashboardPage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const format = useFormatters();
  const org = useQuery(organizationQuery(orgId));
  const infos = useQuery(organizationInfosQuery());
  const info = infos.data?.orgInfos.find((item) => item.orgId === orgId);
  const permissions = usePermissions({ orgId });
  const session = useSession();
  const createCheck = permissions.check('Organization.Project.Create');
  // An IAM account can own no project (the server answers ACCOUNT_RESTRICTED IAM_ACCOUNT): say that, not a role.
  const createBlock = session.memberType === 'IAM' ? t('restrictions.IAM_ACCOUNT') : createCheck.reason;
  const createProject = useCreateProject();
  useDocumentTitle(org.data ? `${org.data.orgName} - ${t('org.dashboard.title')}` : t('org.dashboard.title'));

  if (org.isPending) return <PageSpinner />;
  if (org.isError) return <ErrorState error={org.error} onRetry={() => void org.refetch()} />;

  const roles = org.data.orgRoleCodes.map((role) => roleLabel(t, { category: 'ORG_ROLE', roleName: role })).join(', ');
  const domain = org.data.orgDomainList[0]?.domainName;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('org.dashboard.title')}
          actions={
            <RouterButton href={paths.org(orgId).setting} iconName="settings" data-testid="org-manage">
              {t('org.dashboard.manage')}
            </RouterButton>
          }
        >
          {org.data.orgName}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">{t('org.dashboard.overview')}</Header>} data-testid="org-overview">
          <KeyValuePairs
            columns={4}
            items={[
              { label: t('org.dashboard.name'), value: org.data.orgName },
              {
                label: t('org.dashboard.domain'),
                value: domain ? (
                  <span data-testid="org-overview-domain">{domain}</span>
                ) : (
                  <Box color="text-status-inactive" data-testid="org-overview-domain">
                    {t('org.dashboard.domainNotSet')}
                  </Box>
                ),
              },
              {
                label: t('org.dashboard.owner'),
                value: info ? (
                  <span data-testid="org-overview-owner">
                    {info.owner.name}
                    <Box variant="small" display="block" color="text-body-secondary">
                      {info.owner.email}
                    </Box>
                  </span>
                ) : (
                  t('common.none')
                ),
              },
              {
                label: t('org.dashboard.projectUsage'),
                value: info
                  ? t('org.dashboard.projectUsageValue', { count: info.projectCount, limit: info.projectLimit })
                  : t('common.none'),
              },
              { label: t('org.dashboard.regions'), value: <OrgRegions orgId={orgId} /> },
              { label: t('org.dashboard.myRoles'), value: roles || t('common.none') },
              { label: t('org.dashboard.createdAt'), value: format.dateTime(org.data.regDateTime) },
              { label: t('org.dashboard.id'), value: <Box variant="code">{org.data.orgId}</Box> },
            ]}
          />
        </Container>
        <OrgProjectsTable
          orgId={orgId}
          orgProjectCount={info?.projectCount}
          actions={
            <Button
              onClick={() => void createProject(orgId)}
              disabled={!createCheck.allowed || session.memberType === 'IAM'}
              disabledReason={createBlock}
              data-testid="org-create-project"
            >
              {t('org.dashboard.createProject')}
            </Button>
          }
        />
        <Grid gridDefinition={[{ colspan: { default: 12, m: 6 } }, { colspan: { default: 12, m: 6 } }]}>
          <OrgMembersWidget orgId={orgId} check={permissions.check('Organization.Member.List')} />
          <RecentActivityWidget
            scope={{ orgId }}
            check={permissions.check('Organization.Setting.Get')}
            fullListHref={paths.org(orgId).activity}
          />
        </Grid>
      </SpaceBetween>
    </ContentLayout>
  );
}

/** The organization's regions (GLOBAL hidden), by name in the console's language. */
function OrgRegions({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const regions = useQuery(orgRegionsQuery(orgId));
  const visible = selectableRegions(regions.data ?? []);
  return (
    <div data-testid="org-regions">
      {regions.isPending ? (
        <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
      ) : regions.isError ? (
        <StatusIndicator type="error">{t('errors.api.generic')}</StatusIndicator>
      ) : visible.length === 0 ? (
        <Box color="text-status-inactive">{t('org.dashboard.noRegions')}</Box>
      ) : (
        visible.map((region) => (
          <Box key={region.regionCode} display="block">
            {regionLabel(region, locale)}{' '}
            <Box variant="span" color="text-body-secondary" fontSize="body-s">
              {region.regionCode}
            </Box>
          </Box>
        ))
      )}
    </div>
  );
}
