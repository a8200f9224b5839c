import Alert from '@cloudscape-design/components/alert';
import Tabs from '@cloudscape-design/components/tabs';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { Permissions } from '../../../shared/permissions/use-permissions.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import type { OrgMembersTab } from './org-members-tabs.ts';
import { OrgMembersTable } from './OrgMembersTable.tsx';

/**
 * The invitations' and IAM accounts' tables load when their tab is first shown (issue 16): the
 * first paint is the members tab's (a `?tab=` address shows its tab's spinner for that moment).
 */
const OrgInvitationsTable = onDemand(() => import('./OrgInvitationsTable.tsx').then((module) => module.OrgInvitationsTable));
const IamAccountsTable = onDemand(() => import('./IamAccountsTable.tsx').then((module) => module.IamAccountsTable));


/** The members page's three tabs (cloud members, invitations, IAM accounts), each a table. */
export function OrgMembersTabs({
  orgId,
  permissions,
  tab,
  onTab,
}: {
  orgId: string;
  permissions: Permissions;
  tab: OrgMembersTab;
  onTab: (tab: string) => void;
}) {
  const { t } = useTranslation();
  const iamCheck = permissions.check('Organization.Member.Iam.List');
  return (
    <Tabs
      activeTabId={tab}
      onChange={({ detail }) => onTab(detail.activeTabId)}
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
  );
}
