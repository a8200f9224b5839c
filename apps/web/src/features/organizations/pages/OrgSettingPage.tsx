import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { useDirtyForms } from '../../../shared/hooks/use-dirty-forms.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { organizationInfosQuery, organizationQuery } from '../../../data/organizations/queries.ts';
import { OrgDeletePanel } from '../components/OrgDeletePanel.tsx';
import { OrgDomainForm } from '../components/OrgDomainForm.tsx';
import { OrgGeneralForm } from '../components/OrgGeneralForm.tsx';
import { OrgRegionsForm } from '../components/OrgRegionsForm.tsx';
import { OrgServicesInUse } from '../components/OrgServicesInUse.tsx';
import { OrgSupportTeamForm } from '../components/OrgSupportTeamForm.tsx';
import { OrgTimeZoneForm } from '../components/OrgTimeZoneForm.tsx';
import { OwnershipPanel } from '../../../shared/ui/OwnershipPanel.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import type { OwnershipCandidate } from '../../../shared/ui/TransferOwnershipForm.tsx';
import { OrgOwnershipTransfer } from '../components/OrgOwnershipTransfer.tsx';
import { OrgRoleGroupsSection } from '../components/OrgRoleGroupsSection.tsx';

/**
 * /org/:orgId/setting (spec §2 "setting", organization management): name, domain, regions,
 * default settings (services in use, time zone, technical support team), ownership and deletion. Each section saves on its own; leaving with unsaved changes asks first.
 */
export function OrgSettingPage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const org = useQuery(organizationQuery(orgId));
  const infos = useQuery(organizationInfosQuery());
  const info = infos.data?.orgInfos.find((item) => item.orgId === orgId);
  const permissions = usePermissions({ orgId });
  const dirtyForms = useDirtyForms();
  const { leaveWithoutAsking } = useUnsavedChangesGuard(dirtyForms.anyDirty);
  const domainPermissions = org.data?.orgDomainList.length
    ? (['Organization.Domain.Update', 'Organization.Domain.Create'] as const)
    : (['Organization.Domain.Create'] as const);
  useDocumentTitle(org.data ? `${org.data.orgName} - ${t('org.setting.title')}` : t('org.setting.title'));

  const updateCheck = permissions.check('Organization.Setting.Update');

  const onTransfer = async (orgName: string) => {
    const owner = await modals.form<OwnershipCandidate>({
      header: t('org.setting.owner.transferTitle', { name: orgName }),
      render: ({ submit, cancel, setDirty }) => (
        <OrgOwnershipTransfer orgId={orgId} orgName={orgName} onDone={submit} onCancel={cancel} onDirtyChange={setDirty} />
      ),
    });
    if (owner) toasts.show({ type: 'success', content: t('ownership.transferred', { name: orgName, owner: owner.name }) });
  };

  if (org.isPending) return <PageSpinner />;
  if (org.isError) return <ErrorState error={org.error} onRetry={() => void org.refetch()} />;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('org.setting.description', { name: org.data.orgName })}>
          {t('org.setting.title')}
        </Header>
      }
    >
      <div data-testid="org-setting-page">
        <SpaceBetween size="l">
          {!updateCheck.allowed && !updateCheck.loading ? (
            <Alert type="info" data-testid="org-setting-read-only">
              {t('org.setting.readOnly', { reason: updateCheck.reason ?? '' })}
            </Alert>
          ) : null}
          <OrgGeneralForm
            org={org.data}
            check={updateCheck}
            onDirtyChange={dirtyForms.reporter('general')}
          />
          <OrgDomainForm
            org={org.data}
            check={permissions.check(...domainPermissions)}
            onDirtyChange={dirtyForms.reporter('domain')}
          />
          <OrgRegionsForm
            orgId={orgId}
            check={updateCheck}
            onDirtyChange={dirtyForms.reporter('regions')}
          />
          <OrgRoleGroupsSection orgId={orgId} />
          <Header variant="h2" description={t('org.defaults.description')}>
            {t('org.defaults.title')}
          </Header>
          <OrgServicesInUse info={info} loading={infos.isPending} />
          <OrgTimeZoneForm
            key={org.data.timeZone ?? ''}
            org={org.data}
            check={updateCheck}
            onDirtyChange={dirtyForms.reporter('time-zone')}
          />
          <OrgSupportTeamForm
            orgId={orgId}
            readCheck={permissions.check('Organization.Support.Get')}
            updateCheck={permissions.check('Organization.Support.Update')}
            onDirtyChange={dirtyForms.reporter('support-team')}
          />
          <OwnershipPanel
            testId="org-ownership"
            title={t('org.setting.owner.title')}
            description={t('org.setting.owner.description')}
            ownerLabel={t('org.setting.owner.current')}
            owner={info?.owner}
            transferText={t('org.setting.owner.transfer')}
            check={permissions.check('Organization.Owner.Update')}
            onTransfer={() => void onTransfer(org.data.orgName)}
          />
          <OrgDeletePanel
            org={org.data}
            projectCount={info?.projectCount}
            check={permissions.check('Organization.Setting.Delete')}
            leaveWithoutAsking={leaveWithoutAsking}
          />
        </SpaceBetween>
      </div>
    </ContentLayout>
  );
}
