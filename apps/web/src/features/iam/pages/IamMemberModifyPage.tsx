import SpaceBetween from '@cloudscape-design/components/space-between';
import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import type { IamMember } from '@console/contracts/iam';
import { isUuid } from '@console/contracts/ids';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { MissingParameter } from '../../../shared/ui/MissingParameter.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useUpdateIamMemberMutation } from '../../../data/iam/mutations.ts';
import { IAM_MEMBER_NOT_FOUND, iamMemberQuery } from '../../../data/iam/queries.ts';
import { IamAccountForm } from '../../../shared/iam/IamAccountForm.tsx';
import { paths } from '../../../shared/paths.ts';
import { IamMemberSecurityPanel } from '../../../widgets/sign-in-security/IamMemberSecurityPanel.tsx';

/**
 * /org/:orgId/member/iam/modify?memberId=…: edit an IAM account's name, email and phone (not SSO
 * accounts). Without a member id, or with one that cannot be an account's, the page says so and
 * links back to the IAM accounts; an account that is gone (IAM_MEMBER_NOT_FOUND) is said to be gone.
 */
export function IamMemberModifyPage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const [search] = useSearchParams();
  const memberId = search.get('memberId') ?? '';
  // The endpoint's own check of both ids (`z.string().uuid()`), without zod (contracts ids.ts).
  const valid = isUuid(orgId) && isUuid(memberId);
  const member = useQuery({ ...iamMemberQuery(orgId, memberId), enabled: valid });
  useDocumentTitle(t('iam.edit.title'));
  const back = paths.org(orgId).memberTab('iam');

  let body;
  if (!valid) {
    body = (
      <MissingParameter
        parameter="memberId"
        thing={t('iam.edit.thing')}
        backHref={back}
        backText={t('iam.edit.back')}
        invalid={memberId !== ''}
      />
    );
  } else if (member.isPending) {
    body = <PageSpinner />;
  } else if (member.isError && isApiError(member.error) && member.error.code === IAM_MEMBER_NOT_FOUND) {
    body = (
      <Alert
        type="info"
        data-testid="iam-edit-not-found"
        action={<RouterButton href={back}>{t('iam.edit.back')}</RouterButton>}
      >
        {t('iam.edit.notFound')}
      </Alert>
    );
  } else if (member.isError) {
    body = <ErrorState error={member.error} onRetry={() => void member.refetch()} />;
  } else {
    body = (
      <SpaceBetween size="l">
        <IamMemberEditForm orgId={orgId} member={member.data} back={back} />
        <IamMemberSecurityPanel orgId={orgId} memberId={memberId} />
      </SpaceBetween>
    );
  }
  return <ContentLayout header={<Header variant="h1">{t('iam.edit.title')}</Header>}>{body}</ContentLayout>;
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
