import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import type { AlarmScope } from '../../../data/alarms/alarms.ts';
import { groupPaths } from './alarm-paths.ts';

/**
 * The groups' table loads on demand (issue 16): Cloudscape's Table, its search and pagination are
 * not on the route's first paint, which is the header and its Add; the part is requested when this
 * module loads (`onDemand`'s `now`).
 */
const loadTable = () => import('../components/AlarmGroupsTable.tsx').then((module) => module.AlarmGroupsTable);
const AlarmGroupsTable = onDemand(loadTable, { now: true });

/** /org/:orgId/alarm-group and /project/:projectId/alarm-group: the alarm groups (components/AlarmGroupsTable.tsx) and Add. */
function AlarmGroups({ scope }: { scope: AlarmScope }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('alarms.groups.title'));
  return (
    <ContentLayout
      header={
        <Header variant="h1" actions={<Button variant="primary" data-testid="alarm-group-add" onClick={() => void navigate(groupPaths(scope).add)}>{t('alarms.groups.add')}</Button>}>
          {t('alarms.groups.title')}
        </Header>
      }
    >
      <AlarmGroupsTable scope={scope} />
    </ContentLayout>
  );
}

export function ProjectAlarmGroupsPage() {
  const { projectId = '' } = useParams();
  return <AlarmGroups scope={{ kind: 'project', projectId }} />;
}

export function OrgAlarmGroupsPage() {
  const { orgId = '' } = useParams();
  return <AlarmGroups scope={{ kind: 'org', orgId }} />;
}
