import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { ImportEntryButton } from '../../../widgets/imports/ImportEntryButton.tsx';
import { OrgMembersTable } from '../components/OrgMembersTable.tsx';

/**
 * The invitations' and IAM accounts' tables load when their tab is first shown (issue 16): the
 * first paint is the members tab's (a `?tab=` address shows its tab's spinner for that moment).
 */
const OrgInvitationsTable = onDemand(() => import('../components/OrgInvitationsTable.tsx').then((module) => module.OrgInvitationsTable));
const IamAccountsTable = onDemand(() => import('../components/IamAccountsTable.tsx').then((module) => module.IamAccountsTable));

const TABS = ['members', 'invitations', 'iam'] as const;
type Tab = (typeof TABS)[number];

/** /org/:orgId/member (spec §2 "manage member"): cloud members, invitations and IAM accounts, one tab each (`?tab=`). */
export function OrgMembersPage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const permissions = usePermissions({ orgId });
  const tab: Tab = TABS.find((candidate) => candidate === search.get('tab')) ?? 'members';
  const listCheck = permissions.check('Organization.Member.List');
  const iamCheck = permissions.check('Organization.Member.Iam.List');
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
          <Tabs
            activeTabId={tab}
            onChange={({ detail }) => setSearch({ tab: detail.activeTabId }, { replace: true })}
            tabs={[
              {
                id: 'members',
                label: <span data-testid="org-members-tab-members">{t('members.tabs.members')}</span>,
                content: <OrgMembersTable orgId={orgId} permissions={permissions} />,
              },
              {
                id: 'invitations',
                label: <span data-testid="org-members-tab-invitations">{t('members.tabs.invitations')}</span>,
                content: <OrgInvitationsTable orgId={orgId} permissions={permissions} />,
              },
              {
                id: 'iam',
                label: <span data-testid="org-members-tab-iam">{t('members.tabs.iam')}</span>,
                content: iamCheck.allowed ? (
                  <IamAccountsTable orgId={orgId} permissions={permissions} />
                ) : (
                  <Alert type="info" data-testid="iam-denied">
                    {t('members.denied', { reason: iamCheck.reason ?? '' })}
                  </Alert>
                ),
              },
            ]}
          />
        )}
      </div>
    </ContentLayout>
  );
}
