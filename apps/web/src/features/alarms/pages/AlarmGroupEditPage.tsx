import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { alarmGroupQuery, type AlarmScope } from '../../../data/alarms/alarms.ts';

/**
 * The form loads on demand (issue 16): react-hook-form, the targets' multiselects and the fields
 * are not on the route's first paint, which is the header; the part is requested when this module
 * loads (`onDemand`'s `now`) and mounts once.
 */
const loadForm = () => import('../components/AlarmGroupForm.tsx').then((module) => module.AlarmGroupForm);
const AlarmGroupForm = onDemand(loadForm, { now: true });

function useScope(): AlarmScope {
  const { orgId, projectId } = useParams();
  return projectId ? { kind: 'project', projectId } : { kind: 'org', orgId: orgId ?? '' };
}

/** The alarm group pages' frame: the h1 (the route's first paint) above the form. */
function AlarmGroupPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return <ContentLayout header={<Header variant="h1">{title}</Header>}>{children}</ContentLayout>;
}

export function AlarmGroupAddPage() {
  const { t } = useTranslation();
  const scope = useScope();
  return (
    <AlarmGroupPage title={t('alarms.groups.addTitle')}>
      <AlarmGroupForm scope={scope} group={undefined} readOnly={false} />
    </AlarmGroupPage>
  );
}

function ExistingGroup({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const scope = useScope();
  const { alarmGroupId = '' } = useParams();
  const query = useQuery(alarmGroupQuery(scope, alarmGroupId));
  return (
    <AlarmGroupPage title={readOnly ? t('alarms.groups.detailTitle') : t('alarms.groups.modifyTitle')}>
      {query.data ? <AlarmGroupForm scope={scope} group={query.data.alarmGroup} readOnly={readOnly} /> : <PageSpinner />}
    </AlarmGroupPage>
  );
}

export const AlarmGroupModifyPage = () => <ExistingGroup readOnly={false} />;
export const AlarmGroupDetailPage = () => <ExistingGroup readOnly />;
