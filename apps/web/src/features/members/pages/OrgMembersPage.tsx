import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { ImportEntryButton } from '../../../widgets/imports/ImportEntryButton.tsx';
import { ORG_MEMBERS_TABS, type OrgMembersTab } from '../components/org-members-tabs.ts';

/**
 * The tabs and their tables load on demand (issue 16): Cloudscape's Tabs, Table, its search,
 * pagination and row actions are not on the route's first paint, which is the header; they are
 * requested when this module loads (`onDemand`'s `now`).
 */
const loadTabs = () => import('../components/OrgMembersTabs.tsx').then((module) => module.OrgMembersTabs);
const OrgMembersTabs = onDemand(loadTabs, { now: true });

/** /org/:orgId/member (spec §2 "manage member"): cloud members, invitations and IAM accounts, one tab each (`?tab=`). */
export function OrgMembersPage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const permissions = usePermissions({ orgId });
  const tab: OrgMembersTab = ORG_MEMBERS_TABS.find((candidate) => candidate === search.get('tab')) ?? 'members';
  const listCheck = permissions.check('Organization.Member.List');
  useDocumentTitle(t('members.title'));

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('members.description')}
          actions={listCheck.allowed ? <ImportEntryButton type="ORG_MEMBER" scopeId={orgId} /> : undefined}
        >
          {t('members.title')}
        </Header>
      }
    >
      <div data-testid="org-members-page">
        {listCheck.loading ? (
          <PageSpinner />
        ) : !listCheck.allowed ? (
          <Alert type="info" data-testid="org-members-denied">
            {t('members.denied', { reason: listCheck.reason ?? '' })}
          </Alert>
        ) : (
          <OrgMembersTabs orgId={orgId} permissions={permissions} tab={tab} onTab={(next) => setSearch({ tab: next }, { replace: true })} />
        )}
      </div>
    </ContentLayout>
  );
}
