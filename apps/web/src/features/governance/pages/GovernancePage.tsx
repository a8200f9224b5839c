import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The page's forms and the break-glass table load on demand (issue 16): their code (react-hook-form,
 * the fields, Select, Table) is not on the route's first paint, which is the header; the part is
 * requested when this module loads (`onDemand`'s `now`) and mounts once, forms and all.
 */
const loadSections = () => import('../components/GovernanceSections.tsx').then((module) => module.GovernanceSections);
const GovernanceSections = onDemand(loadSections, { now: true });

/**
 * /org/:orgId/governance: the organization's governance (spec §2 "Governance", §3): the IP ACL,
 * the overseas access block, the other governance settings and the break-glass record.
 * Viewing needs Governance.IpAcl.List; changing needs Create and List (§6), the country rule
 * Governance.CountryIpAcl.Update.
 */
export function GovernancePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('governance.title'));
  return (
    <ContentLayout header={<Header variant="h1" description={t('governance.description')}>{t('governance.title')}</Header>}>
      <GovernanceSections />
    </ContentLayout>
  );
}
