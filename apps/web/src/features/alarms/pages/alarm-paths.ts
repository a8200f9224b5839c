import { paths } from '../../../shared/paths.ts';
import type { AlarmScope } from '../../../data/alarms/alarms.ts';

/** The alarm-group pages of a scope. */
export function groupPaths(scope: AlarmScope) {
  const scoped = scope.kind === 'org' ? paths.org(scope.orgId) : paths.project(scope.projectId);
  return { list: scoped.alarmGroup, add: scoped.alarmGroupAdd, detail: scoped.alarmGroupDetail, modify: scoped.alarmGroupModify };
}

/** The alarm pages' base path: the project's or organization's alarm, or the organization's custom dashboard's (spec §2). */
export const alarmBase = (scope: AlarmScope, customDashboard = false): string =>
  scope.kind === 'project' ? paths.project(scope.projectId).alarm : customDashboard ? paths.org(scope.orgId).customDashboardAlarm : paths.org(scope.orgId).alarm;
