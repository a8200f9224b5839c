import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useUpdateIamMemberMutation } from '../api/mutations.ts';
import { iamMemberQuery } from '../api/queries.ts';
import { IamAccountForm } from '../components/IamAccountForm.tsx';

/** /org/:orgId/member/iam/modify?memberId=…: edit an IAM account's name, email and phone (not SSO accounts). */
export function IamMemberModifyPage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const memberId = search.get('memberId') ?? '';
  const member = useQuery({ ...iamMemberQuery(orgId, memberId), enabled: memberId !== '' });
  const update = useUpdateIamMemberMutation(orgId);
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);
  const { leaveWithoutAsking } = useUnsavedChangesGuard(dirty);
  useDocumentTitle(t('iam.edit.title'));
  const back = `/org/${orgId}/member?tab=iam`;

  if (member.isPending) return <PageSpinner />;
  if (member.isError) return <ErrorState error={member.error} onRetry={() => void member.refetch()} />;
  const data = member.data;
  return (
    <ContentLayout header={<Header variant="h1">{t('iam.edit.title')}</Header>}>
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
    </ContentLayout>
  );
}
