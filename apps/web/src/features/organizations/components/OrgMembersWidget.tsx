import Box from '@cloudscape-design/components/box';
import Grid from '@cloudscape-design/components/grid';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { ORG_ROLE_NAMES } from '@console/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { roleLabel } from '../../../shared/permissions/role-names.ts';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { RouterLink } from '../../../shared/ui/RouterLink.tsx';
import { orgMembersSummaryQuery } from '../../../data/organizations/queries.ts';
import { paths } from '../../../shared/paths.ts';

/** Role counts in the built-in roles' order (OWNER, ADMIN, MEMBER, BILLING_VIEWER, …). */
const byRoleOrder = <T extends { roleCode: string }>(counts: readonly T[]): T[] =>
  counts.toSorted((a, b) => rank(a.roleCode) - rank(b.roleCode));
const rank = (roleCode: string) => {
  const index = (ORG_ROLE_NAMES as readonly string[]).indexOf(roleCode);
  return index === -1 ? ORG_ROLE_NAMES.length : index;
};


/**
 * The dashboard's members widget: cloud members by role, IAM accounts, the 5 newest and a link to
 * the members page. Without Organization.Member.List it says which role would allow it.
 */
export function OrgMembersWidget({ orgId, check }: { orgId: string; check: PermissionCheck }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const summary = useQuery({ ...orgMembersSummaryQuery(orgId), enabled: check.allowed });
  const data = summary.data;

  return (
    <Container
      data-testid="org-members-widget"
      header={
        <Header
          variant="h2"
          actions={
            check.allowed ? (
              <RouterLink href={paths.org(orgId).member} data-testid="org-members-widget-link">
                {t('org.widgets.members.viewAll')}
              </RouterLink>
            ) : undefined
          }
        >
          {t('org.widgets.members.title')}
        </Header>
      }
    >
      {!check.allowed ? (
        check.loading ? (
          <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
        ) : (
          <Box color="text-status-inactive" data-testid="org-members-widget-denied">
            {t('org.widgets.members.notAllowed', { reason: check.reason ?? '' })}
          </Box>
        )
      ) : summary.isPending ? (
        <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
      ) : summary.isError || !data ? (
        <StatusIndicator type="error">{t('errors.api.generic')}</StatusIndicator>
      ) : (
        <Grid gridDefinition={[{ colspan: 5 }, { colspan: 7 }]}>
          <SpaceBetween size="s">
            <div>
              <Box variant="awsui-key-label">{t('org.widgets.members.cloudMembers')}</Box>
              <Box variant="awsui-value-large" data-testid="org-members-cloud-count">
                {format.number(data.cloudMemberCount)}
              </Box>
            </div>
            <div>
              <Box variant="awsui-key-label">{t('org.widgets.members.byRole')}</Box>
              <div data-testid="org-members-role-counts">
                {byRoleOrder(data.roleCounts).map((item) => (
                  <Box key={item.roleCode} display="block">
                    {roleLabel(t, { category: 'ORG_ROLE', roleName: item.roleCode })}: {format.number(item.count)}
                  </Box>
                ))}
              </div>
            </div>
            {data.iamAccountCount === null ? null : (
              <div>
                <Box variant="awsui-key-label">{t('org.widgets.members.iamAccounts')}</Box>
                <Box variant="awsui-value-large" data-testid="org-members-iam-count">
                  {format.number(data.iamAccountCount)}
                </Box>
              </div>
            )}
          </SpaceBetween>
          <div>
            <Box variant="awsui-key-label">{t('org.widgets.members.newest')}</Box>
            {data.newest.length === 0 ? (
              <Box color="text-status-inactive">{t('org.widgets.members.none')}</Box>
            ) : (
              <SpaceBetween size="xxs">
                {data.newest.map((member) => (
                  <div key={`${member.memberType}:${member.memberUuid}`} data-testid="org-members-newest-item">
                    {member.name}
                    {member.memberType === 'IAM' ? ` (${t('activity.iamAccount')})` : ''}
                    <Box variant="small" display="block" color="text-body-secondary">
                      {member.userCode ?? member.email}
                    </Box>
                    <Box variant="small" display="block" color="text-body-secondary">
                      {format.date(member.joinedDateTime)}
                    </Box>
                  </div>
                ))}
              </SpaceBetween>
            )}
          </div>
        </Grid>
      )}
    </Container>
  );
}
