import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import type { ProjectCredentialKind } from '@console/contracts/access-keys';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { paths } from '../../../shared/paths.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The tabs' contents load on demand (issue 16): the key and credential panels (their tables, the
 * issue and delete actions) are not on the route's first paint, which is the header and the tabs;
 * the part is requested when this module loads (`onDemand`'s `now`).
 */
const loadCredentialTabs = () => import('../components/ProjectCredentialTabs.tsx');
const UserAccessKeyTab = onDemand(() => loadCredentialTabs().then((module) => module.UserAccessKeyTab), { now: true });
const CredentialTab = onDemand(() => loadCredentialTabs().then((module) => module.CredentialTab), { now: true });

type Tab = 'user-access-key' | 'iass-api-password' | 's3-credential';
const KIND_OF: Record<Exclude<Tab, 'user-access-key'>, ProjectCredentialKind> = { 'iass-api-password': 'IAAS_API_PASSWORD', 's3-credential': 'S3_CREDENTIAL' };

/** /project/{projectId}/auth-information/{tab}: user access key, IaaS API password, S3 credentials (spec §2). */
function ProjectAuthInfoPage({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  useDocumentTitle(t('security.authInfo.title'));
  const tabs: { id: Tab; label: string }[] = [
    { id: 'user-access-key', label: t('security.authInfo.tab_userAccessKey') },
    { id: 'iass-api-password', label: t('security.authInfo.tab_iaasApiPassword') },
    { id: 's3-credential', label: t('security.authInfo.tab_s3Credential') },
  ];
  return (
    <ContentLayout header={<Header variant="h1">{t('security.authInfo.title')}</Header>}>
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => void navigate(paths.project(projectId).authInformation(detail.activeTabId as Tab))}
        tabs={tabs.map((entry) => ({
          id: entry.id,
          label: entry.label,
          content: entry.id !== tab ? null : entry.id === 'user-access-key' ? <UserAccessKeyTab /> : <CredentialTab projectId={projectId} kind={KIND_OF[entry.id]} />,
        }))}
      />
    </ContentLayout>
  );
}

export const ProjectUserAccessKeyPage = () => <ProjectAuthInfoPage tab="user-access-key" />;
export const ProjectIaasApiPasswordPage = () => <ProjectAuthInfoPage tab="iass-api-password" />;
export const ProjectS3CredentialPage = () => <ProjectAuthInfoPage tab="s3-credential" />;
