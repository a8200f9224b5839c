// Generated from ../alarms.ts by `npm run refs -w @console/contracts` (refs/generate.ts); do not edit.
// The endpoints of alarms.ts without their schemas, for the web's calls (no zod at first paint).
import type * as contract from '../alarms.ts';
import type { EndpointRef } from '../endpoint.ts';

export const backtestAlarm: EndpointRef<typeof contract.backtestAlarm> = {"id":"alarms.backtestAlarm","method":"POST","path":"/api/alarm/v6/projects/:projectId/metric-alarms/backtest","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.SystemNotification.List"]}};
export const createAlarm: EndpointRef<typeof contract.createAlarm> = {"id":"alarms.createAlarm","method":"POST","path":"/api/alarm/v6/projects/:projectId/metric-alarms","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.SystemNotification.Create"]}};
export const deleteAlarm: EndpointRef<typeof contract.deleteAlarm> = {"id":"alarms.deleteAlarm","method":"DELETE","path":"/api/alarm/v6/projects/:projectId/metric-alarms/:alarmId","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.SystemNotification.Delete"]}};
export const getAlarm: EndpointRef<typeof contract.getAlarm> = {"id":"alarms.getAlarm","method":"GET","path":"/api/alarm/v6/projects/:projectId/metric-alarms/:alarmId","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.SystemNotification.Get"]}};
export const listAlarmHistory: EndpointRef<typeof contract.listAlarmHistory> = {"id":"alarms.listAlarmHistory","method":"GET","path":"/api/alarm/v6/projects/:projectId/metric-alarms/history","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.SystemNotification.List"]}};
export const listAlarmMetrics: EndpointRef<typeof contract.listAlarmMetrics> = {"id":"alarms.listAlarmMetrics","method":"GET","path":"/api/alarm/v6/projects/:projectId/metrics","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.SystemNotification.List"]}};
export const listAlarms: EndpointRef<typeof contract.listAlarms> = {"id":"alarms.listAlarms","method":"GET","path":"/api/alarm/v6/projects/:projectId/metric-alarms","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.SystemNotification.List"]}};
export const listOrgAlarmHistory: EndpointRef<typeof contract.listOrgAlarmHistory> = {"id":"alarms.listOrgAlarmHistory","method":"GET","path":"/api/alarm/v6/organizations/:orgId/metric-alarms/history","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.SystemNotification.List"]}};
export const listOrgAlarmMembers: EndpointRef<typeof contract.listOrgAlarmMembers> = {"id":"alarms.listOrgAlarmMembers","method":"GET","path":"/api/alarm/v6/organizations/:orgId/members","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.AlarmGroup.List"]}};
export const listOrgAlarmRoles: EndpointRef<typeof contract.listOrgAlarmRoles> = {"id":"alarms.listOrgAlarmRoles","method":"GET","path":"/api/alarm/v6/organizations/:orgId/roles","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.AlarmGroup.List"]}};
export const listOrgAlarms: EndpointRef<typeof contract.listOrgAlarms> = {"id":"alarms.listOrgAlarms","method":"GET","path":"/api/alarm/v6/organizations/:orgId/metric-alarms","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.SystemNotification.List"]}};
export const listProjectAlarmMembers: EndpointRef<typeof contract.listProjectAlarmMembers> = {"id":"alarms.listProjectAlarmMembers","method":"GET","path":"/api/alarm/v6/projects/:projectId/members","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.AlarmGroup.List"]}};
export const listProjectAlarmRoles: EndpointRef<typeof contract.listProjectAlarmRoles> = {"id":"alarms.listProjectAlarmRoles","method":"GET","path":"/api/alarm/v6/projects/:projectId/roles","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.AlarmGroup.List"]}};
export const orgAlarmGroups: {
  readonly list: EndpointRef<(typeof contract.orgAlarmGroups)['list']>;
  readonly get: EndpointRef<(typeof contract.orgAlarmGroups)['get']>;
  readonly create: EndpointRef<(typeof contract.orgAlarmGroups)['create']>;
  readonly update: EndpointRef<(typeof contract.orgAlarmGroups)['update']>;
  readonly remove: EndpointRef<(typeof contract.orgAlarmGroups)['remove']>;
} = {
  list: {"id":"alarms.listOrgAlarmGroups","method":"GET","path":"/api/alarm/v6/organizations/:orgId/alarm-groups","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.AlarmGroup.List"]}},
  get: {"id":"alarms.getOrgAlarmGroup","method":"GET","path":"/api/alarm/v6/organizations/:orgId/alarm-groups/:alarmGroupId","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.AlarmGroup.Get"]}},
  create: {"id":"alarms.createOrgAlarmGroup","method":"POST","path":"/api/alarm/v6/organizations/:orgId/alarm-groups","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.AlarmGroup.Create"]}},
  update: {"id":"alarms.updateOrgAlarmGroup","method":"PUT","path":"/api/alarm/v6/organizations/:orgId/alarm-groups/:alarmGroupId","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.AlarmGroup.Update"]}},
  remove: {"id":"alarms.deleteOrgAlarmGroup","method":"DELETE","path":"/api/alarm/v6/organizations/:orgId/alarm-groups/:alarmGroupId","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.AlarmGroup.Delete"]}},
};
export const projectAlarmGroups: {
  readonly list: EndpointRef<(typeof contract.projectAlarmGroups)['list']>;
  readonly get: EndpointRef<(typeof contract.projectAlarmGroups)['get']>;
  readonly create: EndpointRef<(typeof contract.projectAlarmGroups)['create']>;
  readonly update: EndpointRef<(typeof contract.projectAlarmGroups)['update']>;
  readonly remove: EndpointRef<(typeof contract.projectAlarmGroups)['remove']>;
} = {
  list: {"id":"alarms.listProjectAlarmGroups","method":"GET","path":"/api/alarm/v6/projects/:projectId/alarm-groups","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.AlarmGroup.List"]}},
  get: {"id":"alarms.getProjectAlarmGroup","method":"GET","path":"/api/alarm/v6/projects/:projectId/alarm-groups/:alarmGroupId","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.AlarmGroup.Get"]}},
  create: {"id":"alarms.createProjectAlarmGroup","method":"POST","path":"/api/alarm/v6/projects/:projectId/alarm-groups","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.AlarmGroup.Create"]}},
  update: {"id":"alarms.updateProjectAlarmGroup","method":"PUT","path":"/api/alarm/v6/projects/:projectId/alarm-groups/:alarmGroupId","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.AlarmGroup.Update"]}},
  remove: {"id":"alarms.deleteProjectAlarmGroup","method":"DELETE","path":"/api/alarm/v6/projects/:projectId/alarm-groups/:alarmGroupId","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.AlarmGroup.Delete"]}},
};
export const setAlarmEnabled: EndpointRef<typeof contract.setAlarmEnabled> = {"id":"alarms.setAlarmEnabled","method":"PUT","path":"/api/alarm/v6/projects/:projectId/metric-alarms/:alarmId/enabled","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.SystemNotification.Update"]}};
export const updateAlarm: EndpointRef<typeof contract.updateAlarm> = {"id":"alarms.updateAlarm","method":"PUT","path":"/api/alarm/v6/projects/:projectId/metric-alarms/:alarmId","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.SystemNotification.Update"]}};
