import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { useDirtyForms } from '../../../shared/hooks/use-dirty-forms.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { SettingsPageFrame } from '../../../shared/ui/SettingsPageFrame.tsx';
import { organizationInfosQuery, organizationQuery } from '../../../data/organizations/queries.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The page's sections (forms, role groups, ownership, deletion) load on demand (issue 16): their
 * code — react-hook-form, zod, the fields — is not on the route's first paint, which shows the
 * header at once (requested now: `onDemand`'s `now`).
 */
const loadSections = () => import('../components/OrgSettingSections.tsx').then((module) => module.OrgSettingSections);
const OrgSettingSections = onDemand(loadSections, { now: true });

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
  useDocumentTitle(org.data ? `${org.data.orgName} - ${t('org.setting.title')}` : t('org.setting.title'));

  if (org.isPending) return <PageSpinner />;
  if (org.isError) return <ErrorState error={org.error} onRetry={() => void org.refetch()} />;

  return (
    <SettingsPageFrame
      testId="org-setting"
      title={t('org.setting.title')}
      description={t('org.setting.description', { name: org.data.orgName })}
      updateCheck={permissions.check('Organization.Setting.Update')}
      readOnlyText={(reason) => t('org.setting.readOnly', { reason })}
    >
      <OrgSettingSections
        org={org.data}
        info={info}
        infosPending={infos.isPending}
        permissions={permissions}
        reporter={dirtyForms.reporter}
        leaveWithoutAsking={leaveWithoutAsking}
      />
    </SettingsPageFrame>
  );
}
