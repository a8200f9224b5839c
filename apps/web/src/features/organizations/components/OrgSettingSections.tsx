import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { OrgInfo, Organization } from '@console/contracts/organizations';
import { Turn, useTurns } from '../../../shared/hooks/use-in-turns.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { Permissions } from '../../../shared/permissions/use-permissions.ts';
import { modals } from '../../../shared/ui/modals.ts';
import { OwnershipPanel } from '../../../shared/ui/OwnershipPanel.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import type { OwnershipCandidate } from '../../../shared/ui/TransferOwnershipForm.tsx';
import { OrgDeletePanel } from './OrgDeletePanel.tsx';
import { OrgDomainForm } from './OrgDomainForm.tsx';
import { OrgGeneralForm } from './OrgGeneralForm.tsx';
import { OrgOwnershipTransfer } from './OrgOwnershipTransfer.tsx';
import { OrgRegionsForm } from './OrgRegionsForm.tsx';
import { OrgRoleGroupsSection } from './OrgRoleGroupsSection.tsx';
import { OrgServicesInUse } from './OrgServicesInUse.tsx';
import { OrgSupportTeamForm } from './OrgSupportTeamForm.tsx';
import { OrgTimeZoneForm } from './OrgTimeZoneForm.tsx';

export interface OrgSettingSectionsProps {
  readonly org: Organization;
  readonly info: OrgInfo | undefined;
  readonly infosPending: boolean;
  readonly permissions: Permissions;
  /** The page's dirty-form reporter (one unsaved-changes guard for every section). */
  readonly reporter: (id: string) => (dirty: boolean) => void;
  readonly leaveWithoutAsking: (navigate: () => unknown) => Promise<void>;
}

/**
 * The sections of /org/:orgId/setting (spec §2 "setting"): name, domain, regions, role groups,
 * default settings (services in use, time zone, technical support team), ownership and deletion.
 * Each saves on its own. Loaded on demand by `OrgSettingPage` (issue 16: the forms' code is not on
 * the route's first paint).
 */
export function OrgSettingSections({ org, info, infosPending, permissions, reporter, leaveWithoutAsking }: OrgSettingSectionsProps) {
  const { t } = useTranslation();
  const orgId = org.orgId;
  const updateCheck = permissions.check('Organization.Setting.Update');
  const domainPermissions = org.orgDomainList.length
    ? (['Organization.Domain.Update', 'Organization.Domain.Create'] as const)
    : (['Organization.Domain.Create'] as const);

  const onTransfer = async (orgName: string) => {
    const owner = await modals.form<OwnershipCandidate>({
      header: t('org.setting.owner.transferTitle', { name: orgName }),
      render: ({ submit, cancel, setDirty }) => (
        <OrgOwnershipTransfer orgId={orgId} orgName={orgName} onDone={submit} onCancel={cancel} onDirtyChange={setDirty} />
      ),
    });
    if (owner) toasts.show({ type: 'success', content: t('ownership.transferred', { name: orgName, owner: owner.name }) });
  };

  // One part per task, top to bottom (useTurns: mounted at once, they were one long task on Preact).
  const turns = useTurns();
  const parts = [
    <OrgGeneralForm key="general" org={org} check={updateCheck} onDirtyChange={reporter('general')} />,
    <OrgDomainForm key="domain" org={org} check={permissions.check(...domainPermissions)} onDirtyChange={reporter('domain')} />,
    <OrgRegionsForm key="regions" orgId={orgId} check={updateCheck} onDirtyChange={reporter('regions')} />,
    <OrgRoleGroupsSection key="role-groups" orgId={orgId} />,
    <Header key="defaults" variant="h2" description={t('org.defaults.description')}>
      {t('org.defaults.title')}
    </Header>,
    <OrgServicesInUse key="services" info={info} loading={infosPending} />,
    <OrgTimeZoneForm
      key={`time-zone:${org.timeZone ?? ''}`}
      org={org}
      check={updateCheck}
      onDirtyChange={reporter('time-zone')}
    />,
    <OrgSupportTeamForm
      key="support-team"
      orgId={orgId}
      readCheck={permissions.check('Organization.Support.Get')}
      updateCheck={permissions.check('Organization.Support.Update')}
      onDirtyChange={reporter('support-team')}
    />,
    <OwnershipPanel
      key="ownership"
      testId="org-ownership"
      title={t('org.setting.owner.title')}
      description={t('org.setting.owner.description')}
      ownerLabel={t('org.setting.owner.current')}
      owner={info?.owner}
      transferText={t('org.setting.owner.transfer')}
      check={permissions.check('Organization.Owner.Update')}
      onTransfer={() => void onTransfer(org.orgName)}
    />,
    <OrgDeletePanel
      key="delete"
      org={org}
      projectCount={info?.projectCount}
      check={permissions.check('Organization.Setting.Delete')}
      leaveWithoutAsking={leaveWithoutAsking}
    />,
  ];

  return (
    <SpaceBetween size="l">
      {parts.map((part, index) => (
        <Turn key={part.key} turns={turns} index={index}>
          {part}
        </Turn>
      ))}
    </SpaceBetween>
  );
}
