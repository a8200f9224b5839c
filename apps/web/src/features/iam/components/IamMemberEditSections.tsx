import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { IamMember } from '@console/contracts/iam';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useUpdateIamMemberMutation } from '../../../data/iam/mutations.ts';
import { IamAccountForm } from '../../../shared/iam/IamAccountForm.tsx';
import { IamMemberSecurityPanel } from '../../../widgets/sign-in-security/IamMemberSecurityPanel.tsx';

/**
 * The body of /org/:orgId/member/iam/modify (IamMemberModifyPage.tsx, which loads it on demand):
 * the account's form (an SSO account is not edited here) and its sign-in security.
 */
export function IamMemberEditSections({ orgId, memberId, member, back }: { orgId: string; memberId: string; member: IamMember; back: string }) {
  return (
    <SpaceBetween size="l">
      <IamMemberEditForm orgId={orgId} member={member} back={back} />
      <IamMemberSecurityPanel orgId={orgId} memberId={memberId} />
    </SpaceBetween>
  );
}

function IamMemberEditForm({ orgId, member: data, back }: { orgId: string; member: IamMember; back: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateIamMemberMutation(orgId);
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);
  const { leaveWithoutAsking } = useUnsavedChangesGuard(dirty);
  return (
    <Container header={<Header variant="h2">{data.userCode}</Header>}>
      {data.accountType === 'SSO' ? (
        <Alert type="info" data-testid="iam-edit-sso">
          {t('iam.ssoNotEditable')}
        </Alert>
      ) : (
        <IamAccountForm
          testId="iam-edit-form"
          initial={{
            userCode: data.userCode,
            name: data.name,
            emailAddress: data.emailAddress,
            mobileNumber: data.mobileNumber ?? '',
          }}
          submitText={t('common.save')}
          onSave={({ name, emailAddress, mobileNumber }) =>
            progress.track(update.mutateAsync({ memberId: data.memberId, body: { name, emailAddress, mobileNumber } }))
          }
          onDone={() => {
            toasts.show({ type: 'success', content: t('iam.edit.saved', { userCode: data.userCode }) });
            void leaveWithoutAsking(() => navigate(back));
          }}
          onCancel={() => void navigate(back)}
          onDirtyChange={onDirtyChange}
        />
      )}
    </Container>
  );
}
