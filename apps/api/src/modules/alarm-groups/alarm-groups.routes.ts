import { listOrgAlarmMembers, listOrgAlarmRoles, listProjectAlarmMembers, listProjectAlarmRoles, orgAlarmGroups, projectAlarmGroups } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { AlarmGroupsService } from './alarm-groups.service.ts';
import { defineApiModule } from '../../platform/module.ts';
import { createAlarmGroupsService } from './alarm-groups.service.ts';

/** Alarm groups of an organization and of a project (spec §7 "Alarms", v6 alarm). */
function registerAlarmGroupRoutes(app: FastifyInstance, deps: { alarmGroups: AlarmGroupsService }) {
  const { alarmGroups } = deps;
  for (const endpoints of [orgAlarmGroups, projectAlarmGroups]) {
    registerEndpoint(app, endpoints.list, ({ ctx, query }) => alarmGroups.list(ctx, query));
    registerEndpoint(app, endpoints.get, ({ ctx, params }) => alarmGroups.get(ctx, params.alarmGroupId));
    registerEndpoint(app, endpoints.create, ({ ctx, body }) => alarmGroups.create(ctx, body));
    registerEndpoint(app, endpoints.update, ({ ctx, params, body }) => alarmGroups.update(ctx, params.alarmGroupId, body));
    registerEndpoint(app, endpoints.remove, ({ ctx, params }) => alarmGroups.remove(ctx, params.alarmGroupId));
  }
  registerEndpoint(app, listOrgAlarmMembers, ({ ctx, query }) => alarmGroups.members(ctx, query));
  registerEndpoint(app, listProjectAlarmMembers, ({ ctx, query }) => alarmGroups.members(ctx, query));
  registerEndpoint(app, listOrgAlarmRoles, ({ ctx, query }) => alarmGroups.roles(ctx, query));
  registerEndpoint(app, listProjectAlarmRoles, ({ ctx, query }) => alarmGroups.roles(ctx, query));
}

/** Served through app.ts's scan of the modules (platform/module.ts). */
export const apiModule = defineApiModule((app, platform) => registerAlarmGroupRoutes(app, { alarmGroups: createAlarmGroupsService(platform) }));
