import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The settings' forms load on demand (issue 16): react-hook-form, the fields and the forms are not on
 * the route's first paint, which is the header; the part is requested when this module loads
 * (`onDemand`'s `now`) and mounts its forms once, with their values.
 */
const loadSections = () => import('../components/IamSecuritySections.tsx').then((module) => module.IamSecuritySections);
const IamSecuritySections = onDemand(loadSections, { now: true });

/**
 * /org/:orgId/setting/iam-security (spec §2 governance screens, §7 "IAM v4" settings): sign-in
 * security of the organization's IAM accounts — login failure lock, password policy, two-step
 * verification, sessions. Read with Organization.Setting.Iam.Get, saved with .Update; each
 * section saves on its own and the server's refusals show next to their fields.
 */
export function IamSecuritySettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('signInSecurity.settings.title'));
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('signInSecurity.settings.description')}>
          {t('signInSecurity.settings.title')}
        </Header>
      }
    >
      <IamSecuritySections />
    </ContentLayout>
  );
}
