import * as contracts from '@console/contracts/refs/alarms';
import type { AlarmBody, AlarmGroupBody, AlarmRule, BacktestRangeHours } from '@console/contracts/alarms';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';

/** Where alarms and alarm groups are read: an organization or a project. */
export type AlarmScope = { kind: 'org'; orgId: string } | { kind: 'project'; projectId: string };
export const scopeKey = (scope: AlarmScope) => (scope.kind === 'org' ? ['org', scope.orgId] : ['project', scope.projectId]);

export const alarmsQuery = (scope: AlarmScope, query: { alarmNameLike?: string; page: number; limit: number }) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'alarms', query],
    queryFn: (context) =>
      scope.kind === 'org'
        ? callApi(contracts.listOrgAlarms, { params: { orgId: scope.orgId }, query, ...fromQuery(context) })
        : callApi(contracts.listAlarms, { params: { projectId: scope.projectId }, query, ...fromQuery(context) }),
  });

export const alarmHistoryQuery = (scope: AlarmScope, query: { status?: 'FIRING' | 'RESOLVED'; alarmNameLike?: string; page: number; limit: number }) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'alarms', 'history', query],
    queryFn: (context) =>
      scope.kind === 'org'
        ? callApi(contracts.listOrgAlarmHistory, { params: { orgId: scope.orgId }, query, ...fromQuery(context) })
        : callApi(contracts.listAlarmHistory, { params: { projectId: scope.projectId }, query, ...fromQuery(context) }),
  });

export const alarmQuery = (projectId: string, alarmId: string) =>
  queryOptions({ queryKey: ['project', projectId, 'alarms', 'one', alarmId], queryFn: (context) => callApi(contracts.getAlarm, { params: { projectId, alarmId }, ...fromQuery(context) }) });

export const alarmMetricsQuery = (projectId: string) =>
  queryOptions({ queryKey: ['project', projectId, 'alarms', 'metrics'], queryFn: (context) => callApi(contracts.listAlarmMetrics, { params: { projectId }, query: {}, ...fromQuery(context) }) });

export const alarmGroupsQuery = (scope: AlarmScope, query: { alarmGroupNameLike?: string; page: number; limit: number }) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'alarm-groups', query],
    queryFn: (context) =>
      scope.kind === 'org'
        ? callApi(contracts.orgAlarmGroups.list, { params: { orgId: scope.orgId }, query, ...fromQuery(context) })
        : callApi(contracts.projectAlarmGroups.list, { params: { projectId: scope.projectId }, query, ...fromQuery(context) }),
  });

export const alarmGroupQuery = (scope: AlarmScope, alarmGroupId: string) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'alarm-groups', 'one', alarmGroupId],
    queryFn: (context) =>
      scope.kind === 'org'
        ? callApi(contracts.orgAlarmGroups.get, { params: { orgId: scope.orgId, alarmGroupId }, ...fromQuery(context) })
        : callApi(contracts.projectAlarmGroups.get, { params: { projectId: scope.projectId, alarmGroupId }, ...fromQuery(context) }),
  });

/** The members an alarm group may name (the first 100, by name). */
export const alarmTargetMembersQuery = (scope: AlarmScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'alarm-groups', 'members'],
    queryFn: (context) =>
      scope.kind === 'org'
        ? callApi(contracts.listOrgAlarmMembers, { params: { orgId: scope.orgId }, query: { limit: 100 }, ...fromQuery(context) })
        : callApi(contracts.listProjectAlarmMembers, { params: { projectId: scope.projectId }, query: { limit: 100 }, ...fromQuery(context) }),
  });

/** The roles an alarm group may name. */
export const alarmTargetRolesQuery = (scope: AlarmScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'alarm-groups', 'roles'],
    queryFn: (context) =>
      scope.kind === 'org'
        ? callApi(contracts.listOrgAlarmRoles, { params: { orgId: scope.orgId }, query: { limit: 100 }, ...fromQuery(context) })
        : callApi(contracts.listProjectAlarmRoles, { params: { projectId: scope.projectId }, query: { limit: 100 }, ...fromQuery(context) }),
  });

export const backtest = (projectId: string, rule: AlarmRule, rangeHours: BacktestRangeHours) => callApi(contracts.backtestAlarm, { params: { projectId }, body: { ...rule, rangeHours } });
export const saveAlarm = (projectId: string, body: AlarmBody, alarmId?: string) =>
  alarmId ? callApi(contracts.updateAlarm, { params: { projectId, alarmId }, body }) : callApi(contracts.createAlarm, { params: { projectId }, body });
export const saveAlarmGroup = (scope: AlarmScope, body: AlarmGroupBody, alarmGroupId?: string) => {
  if (scope.kind === 'org') {
    const params = { orgId: scope.orgId };
    return alarmGroupId ? callApi(contracts.orgAlarmGroups.update, { params: { ...params, alarmGroupId }, body }) : callApi(contracts.orgAlarmGroups.create, { params, body });
  }
  const params = { projectId: scope.projectId };
  return alarmGroupId ? callApi(contracts.projectAlarmGroups.update, { params: { ...params, alarmGroupId }, body }) : callApi(contracts.projectAlarmGroups.create, { params, body });
};

/** Enable/disable and delete of an alarm; both refresh the scope's alarms. */
export function useAlarmActions(projectId: string) {
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: ['project', projectId, 'alarms'] });
  return {
    toggle: useMutation({ mutationFn: (input: { alarmId: string; enabled: boolean }) => callApi(contracts.setAlarmEnabled, { params: { projectId, alarmId: input.alarmId }, body: { enabled: input.enabled } }), onSuccess: invalidate }),
    remove: useMutation({ mutationFn: (alarmId: string) => callApi(contracts.deleteAlarm, { params: { projectId, alarmId } }), onSuccess: invalidate }),
  };
}

export function useDeleteAlarmGroup(scope: AlarmScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alarmGroupId: string) =>
      scope.kind === 'org'
        ? callApi(contracts.orgAlarmGroups.remove, { params: { orgId: scope.orgId, alarmGroupId } })
        : callApi(contracts.projectAlarmGroups.remove, { params: { projectId: scope.projectId, alarmGroupId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...scopeKey(scope), 'alarm-groups'] }),
  });
}
