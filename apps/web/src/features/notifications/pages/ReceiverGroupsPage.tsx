import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { receiverGroupQuery, type NotificationScope } from '../../../data/notifications/queries.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { DeniedState } from '../../../shared/ui/DeniedState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/** The add / modify form (react-hook-form and the form fields): loaded when it opens, not with the list. */
const ReceiverGroupForm = onDemand(() => import('./ReceiverGroupForm.tsx').then((module) => module.ReceiverGroupForm));

/**
 * The groups' table and a selected group's detail load on demand (issue 16): Cloudscape's Table,
 * its search and pagination, the webhooks' delivery logs and the silences are not on the route's
 * first paint, which is the header and its Add; the part is requested when this module loads
 * (`onDemand`'s `now`).
 */
const loadList = () => import('../components/ReceiverGroupsList.tsx').then((module) => module.ReceiverGroupsList);
const ReceiverGroupsList = onDemand(loadList, { now: true });

/**
 * /org/:orgId/receiver-group and /project/:projectId/receiver-group (spec §2 "notification
 * receiver groups" tab): the groups paged and searched by the server; add, modify, delete; a
 * selected group's webhooks with their last result, "send test event" and the delivery log
 * (components/ReceiverGroupsList.tsx). The page holds the add / modify form, opened from its
 * header (Add) or from the table (Modify).
 */
export function ReceiverGroupsPage() {
  const { t } = useTranslation();
  const { orgId, projectId } = useParams();
  const scope: NotificationScope = projectId ? { kind: 'project', projectId } : { kind: 'org', orgId: orgId ?? '' };
  const permissions = usePermissions(projectId ? { projectId } : { orgId: orgId ?? '' });
  const prefix = projectId ? 'Project' : 'Organization';
  const listCheck = permissions.check(`${prefix}.AlarmGroup.List`);
  const createCheck = permissions.check(`${prefix}.AlarmGroup.Create`);
  useDocumentTitle(t('notifications.groups.title'));
  const [editing, setEditing] = useState<'new' | string>();
  const editingGroup = useQuery({ ...receiverGroupQuery(scope, editing && editing !== 'new' ? editing : ''), enabled: Boolean(editing && editing !== 'new') });

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('notifications.groups.description')}
          actions={
            listCheck.allowed ? (
              <Button variant="primary" disabled={!createCheck.allowed} disabledReason={createCheck.reason} onClick={() => setEditing('new')} data-testid="receiver-group-add">
                {t('notifications.groups.add')}
              </Button>
            ) : undefined
          }
        >
          {t('notifications.groups.title')}
        </Header>
      }
    >
      <div data-testid="receiver-groups-page">
        {listCheck.loading ? (
          <PageSpinner />
        ) : !listCheck.allowed ? (
          <DeniedState reason={listCheck.reason} testId="receiver-groups-denied" />
        ) : (
          <ReceiverGroupsList scope={scope} permissions={permissions} onModify={setEditing} />
        )}
      </div>
      {editing === 'new' ? <ReceiverGroupForm scope={scope} group={undefined} onClose={() => setEditing(undefined)} /> : null}
      {editing && editing !== 'new' && editingGroup.data ? (
        <ReceiverGroupForm scope={scope} group={editingGroup.data.receiverGroup} onClose={() => setEditing(undefined)} />
      ) : null}
    </ContentLayout>
  );
}
