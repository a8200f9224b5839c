import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { OrgMember } from '@console/contracts/members';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useUpdateOrgMemberRolesMutation } from '../../../data/members/mutations.ts';
import { orgMemberQuery } from '../../../data/members/queries.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { MissingParameter } from '../../../shared/ui/MissingParameter.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { OrgRolesField } from '../components/OrgRolesField.tsx';
import { paths } from '../../../shared/paths.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FIELDS = ['orgRoleCodes'] as const;

/**
 * /org/:orgId/member/cloud/modify?memberId=…: change a cloud member's organization roles. Without
 * a member id (or with one that cannot be a member's) the page says what is missing; a member who
 * left (ORG_MEMBER_NOT_FOUND) is said to be gone; both link back to the members.
 */
export function OrgMemberModifyPage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const [search] = useSearchParams();
  const memberId = search.get('memberId') ?? '';
  const valid = UUID.test(memberId);
  const query = useQuery({ ...orgMemberQuery(orgId, memberId), enabled: valid });
  // Not (or no longer) a member of this organization: 22019.
  const notMember = query.error instanceof ApiError && query.error.code === '22019';
  const member = query.data?.member;
  const back = paths.org(orgId).member;
  useDocumentTitle(t('members.modify.title'));

  let body;
  if (!valid) {
    body = (
      <MissingParameter
        parameter="memberId"
        thing={t('members.modify.thing')}
        backHref={back}
        backText={t('members.modify.back')}
        invalid={memberId !== ''}
      />
    );
  } else if (member) {
    body = <ModifyRolesForm orgId={orgId} member={member} />;
  } else if (notMember) {
    body = (
      <SpaceBetween size="s">
        <Box color="text-status-inactive" data-testid="org-member-modify-missing">
          {t('members.modify.missing')}
        </Box>
        <RouterButton href={back}>{t('members.modify.back')}</RouterButton>
      </SpaceBetween>
    );
  } else if (query.isError) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    body = <PageSpinner />;
  }
  return <ContentLayout header={<Header variant="h1">{t('members.modify.title')}</Header>}>{body}</ContentLayout>;
}

function ModifyRolesForm({ orgId, member }: { orgId: string; member: OrgMember }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = usePermissions({ orgId }).check('Organization.Member.Update');
  const update = useUpdateOrgMemberRolesMutation(orgId);
  const back = paths.org(orgId).member;
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./org-member-modify-schema.ts').then((module) => module.RolesSchema),
    defaultValues: { orgRoleCodes: member.orgRoleCodes },
    fields: FIELDS,
    submit: (values) => update.mutateAsync({ memberId: member.memberUuid, body: values }),
    onSuccess: async () => {
      toasts.show({ type: 'success', content: t('members.modify.saved', { name: member.name }) });
      await leaveWithoutAsking(() => navigate(back));
    },
  });
  const { leaveWithoutAsking } = useUnsavedChangesGuard(form.formState.isDirty);

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="org-member-modify-form"
      errorTestId="org-member-modify-error"
      cancel={{ onClick: () => navigate(back), testId: 'org-member-modify-cancel' }}
      submit={{
        text: t('common.save'),
        testId: 'org-member-modify-submit',
        pending: update.isPending,
        disabled: !check.allowed || member.isOrgOwner,
        disabledReason: check.reason ?? (member.isOrgOwner ? t('members.modify.ownerNot') : undefined),
      }}
    >
      <Container header={<Header variant="h2">{member.name}</Header>}>
        <SpaceBetween size="m">
          <KeyValuePairs
            columns={2}
            items={[
              { label: t('members.columns.name'), value: member.name },
              { label: t('members.columns.email'), value: member.email },
            ]}
          />
          <OrgRolesField
            control={form.control}
            disabled={!check.allowed || member.isOrgOwner}
            testId="org-member-modify-roles"
          />
        </SpaceBetween>
      </Container>
    </ServerForm>
  );
}
