import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';

const TABS = ['organizations', 'projects'] as const;

/** /roles (spec §2, tabs organizations and projects): the caller's roles where they have them. */
export function RolesPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => pathname.endsWith(`/roles/${tab}`)) ?? 'organizations';
  useDocumentTitle(`${t('rolesPage.title')} - ${t(`rolesPage.tabs.${active}`)}`);

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('rolesPage.description')}>
          {t('rolesPage.title')}
        </Header>
      }
    >
      <div data-testid="roles-page">
        <Tabs
          activeTabId={active}
          onChange={({ detail }) => void navigate(`/roles/${detail.activeTabId}`)}
          tabs={TABS.map((tab) => ({
            id: tab,
            label: <span data-testid={`roles-tab-${tab}`}>{t(`rolesPage.tabs.${tab}`)}</span>,
            href: `/roles/${tab}`,
            content: tab === active ? <Outlet /> : null,
          }))}
        />
      </div>
    </ContentLayout>
  );
}
