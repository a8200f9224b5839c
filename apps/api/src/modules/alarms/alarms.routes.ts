import {
  backtestAlarm,
  createAlarm,
  createOrgSilence,
  createSilence,
  deleteOrgSilence,
  deleteAlarm,
  deleteSilence,
  getAlarm,
  listAlarmHistory,
  listAlarmMetrics,
  listAlarms,
  listOrgAlarmHistory,
  listOrgAlarms,
  listOrgSilences,
  listSilences,
  setAlarmEnabled,
  updateAlarm,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { AlarmsService } from './alarms.service.ts';
import { defineApiModule } from '../../platform/module.ts';
import { defineAlarmJobs } from './alarms.jobs.ts';
import { createAlarmNotifier } from './alarms.notify.ts';
import { createAlarmsService } from './alarms.service.ts';

/** Metric alarms of a project (and the organization's read of all its projects'), silences and the backtest. */
function registerAlarmRoutes(app: FastifyInstance, deps: { alarms: AlarmsService }) {
  const { alarms } = deps;
  registerEndpoint(app, listOrgAlarms, ({ ctx, query }) => alarms.list(ctx, query));
  registerEndpoint(app, listAlarms, ({ ctx, query }) => alarms.list(ctx, query));
  registerEndpoint(app, listOrgAlarmHistory, ({ ctx, query }) => alarms.history(ctx, query));
  registerEndpoint(app, listAlarmHistory, ({ ctx, query }) => alarms.history(ctx, query));
  registerEndpoint(app, getAlarm, ({ ctx, params }) => alarms.get(ctx, params.alarmId));
  registerEndpoint(app, createAlarm, ({ ctx, body }) => alarms.create(ctx, body));
  registerEndpoint(app, updateAlarm, ({ ctx, params, body }) => alarms.update(ctx, params.alarmId, body));
  registerEndpoint(app, setAlarmEnabled, ({ ctx, params, body }) => alarms.setEnabled(ctx, params.alarmId, body.enabled));
  registerEndpoint(app, deleteAlarm, ({ ctx, params }) => alarms.remove(ctx, params.alarmId));
  registerEndpoint(app, listAlarmMetrics, ({ ctx, query }) => alarms.metrics(ctx, query.service));
  registerEndpoint(app, backtestAlarm, ({ ctx, body }) => alarms.backtest(ctx, body));
  registerEndpoint(app, listSilences, ({ ctx }) => alarms.listSilences(ctx));
  registerEndpoint(app, createSilence, ({ ctx, body }) => alarms.createSilence(ctx, body));
  registerEndpoint(app, deleteSilence, ({ ctx, params }) => alarms.deleteSilence(ctx, params.silenceId));
  // The organization's silences: an alarm of any of its projects, or an organization receiver group for all of them.
  registerEndpoint(app, listOrgSilences, ({ ctx }) => alarms.listSilences(ctx));
  registerEndpoint(app, createOrgSilence, ({ ctx, body }) => alarms.createSilence(ctx, body));
  registerEndpoint(app, deleteOrgSilence, ({ ctx, params }) => alarms.deleteSilence(ctx, params.silenceId));
}

/** Served through app.ts's scan of the modules (platform/module.ts). */
export const apiModule = defineApiModule((app, platform) => {
  registerAlarmRoutes(app, { alarms: createAlarmsService(platform) });
  defineAlarmJobs(platform.jobs, { ...platform, notifier: createAlarmNotifier(platform) });
});
