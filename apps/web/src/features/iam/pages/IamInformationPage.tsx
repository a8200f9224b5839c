import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { IamMemberStatus } from '@console/contracts/iam';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { useSession } from '../../../shared/session/session.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { RouterLink } from '../../../shared/ui/RouterLink.tsx';
import { IAM_MEMBER_NOT_FOUND, iamSelfQuery } from '../../../data/iam/queries.ts';

const STATUS_TYPES: Record<IamMemberStatus, StatusIndicatorProps.Type> = { STABLE: 'success', BLOCKED: 'stopped', LEAVED: 'stopped' };

/**
 * /iam-information (spec §2; the my-menu of an IAM account holder): the signed-in IAM account's
 * own ID, name, email, phone, organization and sign-in address, status, account type and last
 * sign-in (spec §3 IAM member columns), and this session's end. A cloud member is told the page
 * is for IAM accounts.
 */
export function IamInformationPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const session = useSession();
  const info = useQuery(iamSelfQuery());
  useDocumentTitle(t('iamInformation.title'));

  let body;
  if (info.isPending) {
    body = <PageSpinner />;
  } else if (info.isError && isApiError(info.error) && info.error.code === IAM_MEMBER_NOT_FOUND) {
    body = (
      <Alert
        type="info"
        data-testid="iam-information-not-iam"
        action={<RouterButton href="/">{t('common.goHome')}</RouterButton>}
      >
        {t('iamInformation.notIam')}
      </Alert>
    );
  } else if (info.isError) {
    body = <ErrorState error={info.error} onRetry={() => void info.refetch()} />;
  } else {
    const { member, organization } = info.data;
    const signInPath = organization.domain ? `/login?domain=${encodeURIComponent(organization.domain)}` : undefined;
    body = (
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">{t('iamInformation.account')}</Header>} data-testid="iam-information">
          <KeyValuePairs
            columns={3}
            items={[
              { label: t('iam.columns.userCode'), value: <span data-testid="iam-information-user-code">{member.userCode}</span> },
              { label: t('iam.columns.name'), value: member.name },
              { label: t('iam.columns.email'), value: member.emailAddress },
              { label: t('iam.columns.phone'), value: member.mobileNumber ?? t('common.none') },
              {
                label: t('iam.columns.status'),
                value: <StatusIndicator type={STATUS_TYPES[member.status]}>{t(`iam.status.${member.status}`)}</StatusIndicator>,
              },
              { label: t('iam.columns.accountType'), value: t(`iam.accountType.${member.accountType}`) },
              {
                label: t('iamInformation.password'),
                value: member.hasPassword ? t('iamInformation.passwordSet') : t('iamInformation.passwordNotSet'),
              },
              {
                label: t('iamInformation.lastSignIn'),
                value: member.lastAccessedDateTime ? format.dateTime(member.lastAccessedDateTime) : t('iam.never'),
              },
              { label: t('iamInformation.sessionEnds'), value: format.dateTime(session.expiresAt) },
              { label: t('iamInformation.created'), value: format.dateTime(member.regDateTime) },
              { label: t('iamInformation.modified'), value: format.dateTime(member.modDateTime) },
            ]}
          />
        </Container>
        <Container header={<Header variant="h2">{t('iamInformation.organization')}</Header>}>
          <KeyValuePairs
            columns={3}
            items={[
              { label: t('iamInformation.orgName'), value: <span data-testid="iam-information-org">{organization.orgName}</span> },
              { label: t('iamInformation.domain'), value: organization.domain ?? t('org.dashboard.domainNotSet') },
              {
                label: t('iamInformation.signInAddress'),
                value: signInPath ? <Box variant="code">{`${window.location.origin}${signInPath}`}</Box> : t('common.none'),
              },
            ]}
          />
        </Container>
        <Box color="text-body-secondary">
          {t('iamInformation.changeHint')} <RouterLink href="/roles/projects">{t('iamInformation.myRoles')}</RouterLink>
        </Box>
      </SpaceBetween>
    );
  }

  return (
    <ContentLayout header={<Header variant="h1" description={t('iamInformation.description')}>{t('iamInformation.title')}</Header>}>
      {body}
    </ContentLayout>
  );
}
