import { paths } from '../../../shared/paths.ts';
import type { AlarmScope } from '../api/queries.ts';

/** The alarm-group pages of a scope. */
export function groupPaths(scope: AlarmScope) {
  const scoped = scope.kind === 'org' ? paths.org(scope.orgId) : paths.project(scope.projectId);
  return { list: scoped.alarmGroup, add: scoped.alarmGroupAdd, detail: scoped.alarmGroupDetail, modify: scoped.alarmGroupModify };
}
