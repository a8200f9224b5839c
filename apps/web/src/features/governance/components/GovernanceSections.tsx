import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { DeniedState } from '../../../shared/ui/DeniedState.tsx';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { breakGlassQuery, countryRuleQuery, governancesQuery, ipAclQuery } from '../../../data/governance/governance.ts';
import { CountryRuleForm } from './CountryRuleForm.tsx';
import { GovernanceSettingsPanel } from './GovernanceSettingsPanel.tsx';
import { IpAclForm } from './IpAclForm.tsx';
import { ProductIpAclPanel } from './ProductIpAclPanel.tsx';

/** The governance page below its header (issue 16: a part on demand): the IP ACL, the country rule, the settings and the break-glass record. */
export function GovernanceSections() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { orgId = '' } = useParams();
  const permissions = usePermissions({ orgId });
  const listCheck = permissions.check('Organization.Governance.IpAcl.List');
  const editCheck = permissions.check('Organization.Governance.IpAcl.Create', 'Organization.Governance.IpAcl.List');
  const countryCheck = permissions.check('Organization.Governance.CountryIpAcl.Update', 'Organization.Governance.CountryIpAcl.List');
  const enabled = listCheck.allowed;
  const ipAcl = useQuery({ ...ipAclQuery(orgId), enabled });
  const country = useQuery({ ...countryRuleQuery(orgId), enabled: enabled && countryCheck.allowed });
  const settings = useQuery({ ...governancesQuery(orgId), enabled });
  const events = useQuery({ ...breakGlassQuery(orgId), enabled });

  let body;
  if (listCheck.loading) body = <PageSpinner />;
  else if (!listCheck.allowed) body = <DeniedState reason={listCheck.reason} testId="governance-denied" />;
  else if (ipAcl.isError) body = <ErrorState error={ipAcl.error} onRetry={() => void ipAcl.refetch()} />;
  else if (!ipAcl.data || !settings.data) body = <PageSpinner />;
  else {
    body = (
      <SpaceBetween size="l">
        <IpAclForm key={`${ipAcl.data.ipAclSelection}:${ipAcl.data.ips.join(',')}:${ipAcl.data.ipAclTypeCode}`} orgId={orgId} ipAcl={ipAcl.data} check={editCheck} />
        {ipAcl.data.ipAclTypeCode === 'INDIVIDUAL' ? <ProductIpAclPanel orgId={orgId} check={editCheck} /> : null}
        {country.data ? (
          <CountryRuleForm key={`${country.data.settingType}:${country.data.countryCodeList.join(',')}`} orgId={orgId} rule={country.data} check={countryCheck} />
        ) : null}
        <GovernanceSettingsPanel orgId={orgId} settings={settings.data} check={editCheck} />
        <Table
          data-testid="break-glass-events"
          items={events.data ?? []}
          loading={events.isPending}
          loadingText={t('common.loading')}
          trackBy="eventId"
          header={<Header description={t('governance.breakGlass.description')}>{t('governance.breakGlass.title')}</Header>}
          empty={<Box>{t('governance.breakGlass.none')}</Box>}
          columnDefinitions={[
            { id: 'requester', header: t('governance.breakGlass.columns.requester'), cell: (row) => row.requesterName },
            { id: 'requested', header: t('governance.breakGlass.columns.requested'), cell: (row) => `${format.dateTime(row.requestedAt)} (${row.requestedIp})` },
            { id: 'used', header: t('governance.breakGlass.columns.used'), cell: (row) => (row.usedAt ? `${format.dateTime(row.usedAt)} (${row.usedIp ?? ''})` : '-') },
            { id: 'disabled', header: t('governance.breakGlass.columns.disabled'), cell: (row) => row.disabled.map((rule) => t(`governance.breakGlass.rules.${rule as 'IP_ACL' | 'COUNTRY'}`)).join(', ') || '-' },
          ]}
        />
      </SpaceBetween>
    );
  }

  return body;
}
