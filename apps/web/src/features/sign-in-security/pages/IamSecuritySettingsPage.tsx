import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { DeniedState } from '../../../shared/ui/DeniedState.tsx';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { loginFailQuery, mfaQuery, passwordRuleQuery, sessionSettingQuery } from '../../../data/sign-in-security/api.ts';
import { LoginFailForm, MfaForm, PasswordPolicyForm, SessionSettingForm } from '../components/SettingsForms.tsx';

/**
 * /org/:orgId/setting/iam-security (spec §2 governance screens, §7 "IAM v4" settings): sign-in
 * security of the organization's IAM accounts — login failure lock, password policy, two-step
 * verification, sessions. Read with Organization.Setting.Iam.Get, saved with .Update; each
 * section saves on its own and the server's refusals show next to their fields.
 */
export function IamSecuritySettingsPage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const permissions = usePermissions({ orgId });
  const read = permissions.check('Organization.Setting.Iam.Get');
  const update = permissions.check('Organization.Setting.Iam.Update');
  const enabled = read.allowed;
  const loginFail = useQuery({ ...loginFailQuery(orgId), enabled });
  const policy = useQuery({ ...passwordRuleQuery(orgId), enabled });
  const mfa = useQuery({ ...mfaQuery(orgId), enabled });
  const session = useQuery({ ...sessionSettingQuery(orgId), enabled });
  useDocumentTitle(t('signInSecurity.settings.title'));

  const header = (
    <Header variant="h1" description={t('signInSecurity.settings.description')}>
      {t('signInSecurity.settings.title')}
    </Header>
  );
  if (read.loading) return <PageSpinner />;
  if (!read.allowed) {
    return (
      <ContentLayout header={header}>
        <DeniedState reason={read.reason} testId="iam-security-denied" />
      </ContentLayout>
    );
  }
  const queries = [loginFail, policy, mfa, session];
  const failed = queries.find((query) => query.isError);
  if (failed) return <ErrorState error={failed.error} onRetry={() => queries.forEach((query) => void query.refetch())} />;
  if (!loginFail.data || !policy.data || !mfa.data || !session.data) return <PageSpinner />;
  return (
    <ContentLayout header={header}>
      <div data-testid="iam-security-page">
        <SpaceBetween size="l">
          <LoginFailForm orgId={orgId} value={loginFail.data.securityLoginFail} check={update} />
          <PasswordPolicyForm orgId={orgId} value={policy.data.passwordRule.value} check={update} />
          <MfaForm orgId={orgId} value={mfa.data.securityMfa} check={update} />
          <SessionSettingForm orgId={orgId} value={session.data.session} check={update} />
        </SpaceBetween>
      </div>
    </ContentLayout>
  );
}
