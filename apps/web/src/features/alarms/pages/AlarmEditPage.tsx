import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { paths } from '../../../shared/paths.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { alarmQuery } from '../../../data/alarms/alarms.ts';

/**
 * The form loads on demand (issue 16): react-hook-form, the selects and multiselects, the backtest's
 * chart and the organization's project picker are not on the route's first paint, which is the
 * header; the part is requested when this module loads (`onDemand`'s `now`) and mounts once.
 */
const loadForm = () => import('../components/AlarmForm.tsx');
const AlarmForm = onDemand(() => loadForm().then((module) => module.AlarmForm), { now: true });
const OrgAlarmAddForm = onDemand(() => loadForm().then((module) => module.OrgAlarmAddForm), { now: true });

/** The alarm pages' frame: the h1 (the route's first paint) above the form. */
function AlarmPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return <ContentLayout header={<Header variant="h1">{title}</Header>}>{children}</ContentLayout>;
}

/** /project/:projectId/alarm/add: one form for add and modify, with the backtest before saving. */
export function AlarmAddPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  return (
    <AlarmPage title={t('alarms.form.addTitle')}>
      <AlarmForm projectId={projectId} alarm={undefined} back={paths.project(projectId).alarm} />
    </AlarmPage>
  );
}

/** /project/:projectId/alarm/modify/:alarmId. */
export function AlarmModifyPage() {
  const { t } = useTranslation();
  const { projectId = '', alarmId = '' } = useParams();
  const query = useQuery(alarmQuery(projectId, alarmId));
  return (
    <AlarmPage title={t('alarms.form.modifyTitle')}>
      {query.data ? <AlarmForm projectId={projectId} alarm={query.data.alarm} back={paths.project(projectId).alarm} /> : <PageSpinner />}
    </AlarmPage>
  );
}

/**
 * /org/:orgId/custom-dashboard/alarm/add: the organization's add first asks which project the alarm
 * watches, then shows the project's form (`OrgAlarmAddForm`).
 */
export function OrgAlarmAddPage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  return (
    <AlarmPage title={t('alarms.form.addTitle')}>
      <OrgAlarmAddForm orgId={orgId} back={paths.org(orgId).customDashboardAlarm} />
    </AlarmPage>
  );
}

/** /org/:orgId/custom-dashboard/alarm/modify/:alarmId?projectId=…: the project's form for one of its alarms. */
export function OrgAlarmModifyPage() {
  const { t } = useTranslation();
  const { orgId = '', alarmId = '' } = useParams();
  const [search] = useSearchParams();
  const projectId = search.get('projectId') ?? '';
  const query = useQuery({ ...alarmQuery(projectId, alarmId), enabled: projectId !== '' });
  if (projectId === '') return <Navigate to={paths.org(orgId).customDashboardAlarm} replace />;
  return (
    <AlarmPage title={t('alarms.form.modifyTitle')}>
      {query.data ? <AlarmForm projectId={projectId} alarm={query.data.alarm} back={paths.org(orgId).customDashboardAlarm} /> : <PageSpinner />}
    </AlarmPage>
  );
}
