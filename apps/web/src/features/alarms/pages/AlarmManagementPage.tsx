import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useParams } from 'react-router';
import type { AlarmScope } from '../../../data/alarms/alarms.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { AlarmTabs } from '../components/AlarmTabs.tsx';
import { alarmBase } from './alarm-paths.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The alarm table loads on demand (issue 16): Cloudscape's Table, its filter and pagination
 * are not on the route's first paint, which is the header and the tabs (kept there, so a tab's
 * click does not blank them while the other page's part loads); the part is requested when this
 * module loads (`onDemand`'s `now`).
 */
const loadList = () => import('../components/AlarmManagementList.tsx').then((module) => module.AlarmManagementList);
const AlarmManagementList = onDemand(loadList, { now: true });

/**
 * /org/:orgId/alarm/management and /project/:projectId/alarm/management: the alarm list (the organization's reads every project's).
 * `customDashboard`: /org/:orgId/custom-dashboard/alarm/management, the organization's list with add and modify.
 */
function AlarmManagement({ scope, customDashboard = false }: { scope: AlarmScope; customDashboard?: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('alarms.title'));
  return (
    <SpaceBetween size="m">
      <Header variant="h1">{t('alarms.title')}</Header>
      <AlarmTabs active="management" base={alarmBase(scope, customDashboard)} />
      <AlarmManagementList scope={scope} customDashboard={customDashboard} />
    </SpaceBetween>
  );
}

export function ProjectAlarmManagementPage() {
  const { projectId = '' } = useParams();
  return <AlarmManagement scope={{ kind: 'project', projectId }} />;
}

export function OrgAlarmManagementPage() {
  const { orgId = '' } = useParams();
  return <AlarmManagement scope={{ kind: 'org', orgId }} />;
}

export function CustomDashboardAlarmManagementPage() {
  const { orgId = '' } = useParams();
  return <AlarmManagement scope={{ kind: 'org', orgId }} customDashboard />;
}
