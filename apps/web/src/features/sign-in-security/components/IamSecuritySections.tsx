import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { DeniedState } from '../../../shared/ui/DeniedState.tsx';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { loginFailQuery, mfaQuery, passwordRuleQuery, sessionSettingQuery } from '../../../data/sign-in-security/api.ts';
import { LoginFailForm, MfaForm, PasswordPolicyForm, SessionSettingForm } from './SettingsForms.tsx';

/** The IAM sign-in security settings below the page's header (issue 16: a part on demand): the four forms, mounted once with their values. */
export function IamSecuritySections() {
  const { orgId = '' } = useParams();
  const permissions = usePermissions({ orgId });
  const read = permissions.check('Organization.Setting.Iam.Get');
  const update = permissions.check('Organization.Setting.Iam.Update');
  const enabled = read.allowed;
  const loginFail = useQuery({ ...loginFailQuery(orgId), enabled });
  const policy = useQuery({ ...passwordRuleQuery(orgId), enabled });
  const mfa = useQuery({ ...mfaQuery(orgId), enabled });
  const session = useQuery({ ...sessionSettingQuery(orgId), enabled });
  if (read.loading) return <PageSpinner />;
  if (!read.allowed) return <DeniedState reason={read.reason} testId="iam-security-denied" />;
  const queries = [loginFail, policy, mfa, session];
  const failed = queries.find((query) => query.isError);
  if (failed) return <ErrorState error={failed.error} onRetry={() => queries.forEach((query) => void query.refetch())} />;
  if (!loginFail.data || !policy.data || !mfa.data || !session.data) return <PageSpinner />;
  return (
    <div data-testid="iam-security-page">
      <SpaceBetween size="l">
        <LoginFailForm orgId={orgId} value={loginFail.data.securityLoginFail} check={update} />
        <PasswordPolicyForm orgId={orgId} value={policy.data.passwordRule.value} check={update} />
        <MfaForm orgId={orgId} value={mfa.data.securityMfa} check={update} />
        <SessionSettingForm orgId={orgId} value={session.data.session} check={update} />
      </SpaceBetween>
    </div>
  );
}
