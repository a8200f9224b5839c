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
 * The history table loads on demand (issue 16): Cloudscape's Table, its filters and pagination
 * are not on the route's first paint, which is the header and the tabs (kept there, so a tab's
 * click does not blank them while the other page's part loads); the part is requested when this
 * module loads (`onDemand`'s `now`).
 */
const loadList = () => import('../components/AlarmOccurrenceList.tsx').then((module) => module.AlarmOccurrenceList);
const AlarmOccurrenceList = onDemand(loadList, { now: true });

/** The alarm occurrence history of the last 7 days (spec §4: raised and closed), filtered by status and alarm name. */
function AlarmOccurrence({ scope, customDashboard = false }: { scope: AlarmScope; customDashboard?: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('alarms.tabs.occurrence'));
  return (
    <SpaceBetween size="m">
      <Header variant="h1" description={t('alarms.history.window')}>{t('alarms.title')}</Header>
      <AlarmTabs active="occurrence" base={alarmBase(scope, customDashboard)} />
      <AlarmOccurrenceList scope={scope} />
    </SpaceBetween>
  );
}

export function ProjectAlarmOccurrencePage() {
  const { projectId = '' } = useParams();
  return <AlarmOccurrence scope={{ kind: 'project', projectId }} />;
}

export function OrgAlarmOccurrencePage() {
  const { orgId = '' } = useParams();
  return <AlarmOccurrence scope={{ kind: 'org', orgId }} />;
}

export function CustomDashboardAlarmOccurrencePage() {
  const { orgId = '' } = useParams();
  return <AlarmOccurrence scope={{ kind: 'org', orgId }} customDashboard />;
}
