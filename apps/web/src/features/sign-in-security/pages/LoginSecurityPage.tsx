import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The page's sections load on demand (issue 16): the password form (react-hook-form, the fields), the
 * authenticator and the sessions' table are not on the route's first paint, which is the header; the
 * part is requested when this module loads (`onDemand`'s `now`) and mounts once, forms and all.
 */
const loadSections = () => import('../components/LoginSecuritySections.tsx').then((module) => module.LoginSecuritySections);
const LoginSecuritySections = onDemand(loadSections, { now: true });

/**
 * /login-security (spec §2 my-menu "login security"): the signed-in person's active sessions
 * (server paging; end any, the current one signs out) and, for an IAM account, the password
 * change with the organization's policy shown and each violation next to its field.
 */
export function LoginSecurityPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('signInSecurity.self.title'));
  return (
    <ContentLayout header={<Header variant="h1" description={t('signInSecurity.self.description')}>{t('signInSecurity.self.title')}</Header>}>
      <div data-testid="login-security-page">
        <LoginSecuritySections />
      </div>
    </ContentLayout>
  );
}
