import { z } from 'zod';
import { defineEndpoint, orgPermission, projectPermission, type OrgPermissionAccess, type ProjectPermissionAccess } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';
import { AGGREGATIONS, LABEL_OPERATORS, ServiceNameSchema } from './metrics.ts';
import { SilenceSchema } from './silences.ts';
import { ALARM_CONDITION_OPERATORS, ALARM_CATEGORIES, BACKTEST_RANGE_HOURS } from './alarms-constants.ts';
export * from './alarms-constants.ts';

/**
 * Alarm groups and metric alarms (issue 11; spec §3 Alarm, Alarm group, RoleAlarmTarget; §4 alarm
 * history; §5 alarm rules; §7 "Alarms" v6 alarm-groups, members and roles lookups). Alarm groups
 * live in an organization or a project; metric alarms in a project (they read its metrics), the
 * organization's alarm page lists those of all its projects.
 */

/** Spec §9: the alarm history window. */
export const ALARM_HISTORY_DAYS = 7;
/** Minutes a condition may have to hold (a day). */
export const ALARM_MAX_DURATION_MINUTES = 1440;
/** A minute is evaluated this many minutes after it ends, once the per-minute rollup has it. */
export const ALARM_EVALUATION_DELAY_MINUTES = 2;
export const ALARM_GROUP_NAME_MAX = 40;
export const ALARM_NAME_MAX = 40;

export const ALARM_TARGET_TYPES = ['MEMBER', 'ROLE', 'ROLE_GROUP'] as const;
export type AlarmTargetType = (typeof ALARM_TARGET_TYPES)[number];
export const ALARM_METHODS = ['EMAIL', 'SMS'] as const;
export const ALARM_STATES = ['OK', 'FIRING'] as const;
export const ALARM_HISTORY_STATUSES = ['FIRING', 'RESOLVED'] as const;
export const MEMBER_TYPE_CODES = ['TOAST_CLOUD', 'IAM'] as const;

const uuid = z.uuid();
const OrgParams = z.object({ orgId: uuid });
const ProjectParams = z.object({ projectId: uuid });
const paging = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};
const like = z.string().trim().max(100).optional();
const repeated = <T extends z.ZodType>(item: T) => z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item).max(100));

// ---- alarm groups ----

export const AlarmTargetSchema = z.object({
  targetType: z.enum(ALARM_TARGET_TYPES),
  /** MEMBER: a member id (members.id or iam_members.id); ROLE: a built-in role id; ROLE_GROUP: a role group id. */
  targetId: z.string().min(1).max(100),
  /** What the target is called, for lists (the member's name masked as personal-data rules say, the role's name). */
  targetName: z.string().optional(),
});
export type AlarmTarget = z.infer<typeof AlarmTargetSchema>;

export const AlarmGroupBodySchema = z.object({
  alarmGroupName: z.string().trim().min(1, { error: 'validation.alarmGroup.nameRequired' }).max(ALARM_GROUP_NAME_MAX),
  description: z.string().max(200).default(''),
  /** The project's (or organization's) default group: only one; making one default unmarks the other. */
  isDefault: z.boolean().default(false),
  targets: z
    .array(AlarmTargetSchema.pick({ targetType: true, targetId: true }))
    .min(1, { error: 'validation.alarmGroup.targetRequired' })
    .max(100),
});
export type AlarmGroupBody = z.input<typeof AlarmGroupBodySchema>;

export const AlarmGroupSchema = z.object({
  alarmGroupId: z.string(),
  alarmGroupName: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
  targets: z.array(AlarmTargetSchema),
  /** Alarms that send to it (it cannot be deleted while any do). */
  alarmCount: z.number().int(),
  regDateTime: z.string(),
  modDateTime: z.string(),
});
export type AlarmGroup = z.infer<typeof AlarmGroupSchema>;

export const ALARM_GROUP_SORTS = ['alarmGroupName,asc', 'alarmGroupName,desc', 'regDateTime,asc', 'regDateTime,desc'] as const;
const AlarmGroupListQuery = z.object({ alarmGroupNameLike: like, ...paging, sort: z.enum(ALARM_GROUP_SORTS).default('regDateTime,desc') });
const AlarmGroupListResponse = z.object({ alarmGroups: z.array(AlarmGroupSchema), paging: PagingSchema });
const AlarmGroupIdParams = z.object({ alarmGroupId: uuid });

type Action = 'List' | 'Get' | 'Create' | 'Update' | 'Delete';
const alarmGroupEndpoints = <P extends z.ZodObject, I extends z.ZodObject, A extends OrgPermissionAccess | ProjectPermissionAccess>(
  id: 'Org' | 'Project',
  base: string,
  params: P,
  idParams: I,
  access: (action: Action) => A,
) => {
  const tag = 'alarm-groups';
  return {
    list: defineEndpoint({ id: `alarms.list${id}AlarmGroups`, method: 'GET', path: `${base}/alarm-groups`, summary: 'Alarm groups, searched by name, paged and sorted', tag, access: access('List'), params, query: AlarmGroupListQuery, response: AlarmGroupListResponse }),
    get: defineEndpoint({ id: `alarms.get${id}AlarmGroup`, method: 'GET', path: `${base}/alarm-groups/:alarmGroupId`, summary: 'One alarm group with its targets', tag, access: access('Get'), params: idParams, response: z.object({ alarmGroup: AlarmGroupSchema }) }),
    create: defineEndpoint({ id: `alarms.create${id}AlarmGroup`, method: 'POST', path: `${base}/alarm-groups`, summary: 'Adds an alarm group (40103 when the name exists)', tag, access: access('Create'), params, body: AlarmGroupBodySchema, response: z.object({ alarmGroup: AlarmGroupSchema }) }),
    update: defineEndpoint({ id: `alarms.update${id}AlarmGroup`, method: 'PUT', path: `${base}/alarm-groups/:alarmGroupId`, summary: 'Modifies an alarm group', tag, access: access('Update'), params: idParams, body: AlarmGroupBodySchema, response: z.object({ alarmGroup: AlarmGroupSchema }) }),
    remove: defineEndpoint({ id: `alarms.delete${id}AlarmGroup`, method: 'DELETE', path: `${base}/alarm-groups/:alarmGroupId`, summary: 'Deletes an alarm group not used by an alarm and not the default group', tag, access: access('Delete'), params: idParams, response: z.object({}) }),
  };
};

export const orgAlarmGroups = alarmGroupEndpoints('Org', '/api/alarm/v6/organizations/:orgId', OrgParams, OrgParams.extend(AlarmGroupIdParams.shape), (action) => orgPermission('params.orgId', `Organization.AlarmGroup.${action}`));
export const projectAlarmGroups = alarmGroupEndpoints('Project', '/api/alarm/v6/projects/:projectId', ProjectParams, ProjectParams.extend(AlarmGroupIdParams.shape), (action) => projectPermission('params.projectId', `Project.AlarmGroup.${action}`));

// ---- the members and roles lookups (targets to choose from) ----

export const AlarmMemberSchema = z.object({
  memberId: z.string(),
  memberTypeCode: z.enum(MEMBER_TYPE_CODES),
  /** Email of a cloud member, user code of an IAM account (masked for callers who may not list members). */
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export const MEMBER_LOOKUP_SORTS = ['name,asc', 'name,desc', 'email,asc', 'email,desc'] as const;
const MemberLookupBase = z.object({
  memberTypeCode: z.enum(MEMBER_TYPE_CODES).optional(),
  emailLike: like,
  idLike: like,
  ...paging,
  sort: z.enum(MEMBER_LOOKUP_SORTS).default('name,asc'),
});
const MemberLookupResponse = z.object({ members: z.array(AlarmMemberSchema), paging: PagingSchema });

export const RoleAlarmTargetSchema = z.object({
  category: z.string(),
  categoryKey: z.string(),
  /** ROLE or ROLE_GROUP (then roleId is the role group's id). */
  categoryTypeCode: z.enum(['ROLE', 'ROLE_GROUP']),
  roleId: z.string(),
  roleName: z.string(),
});
export type RoleAlarmTarget = z.infer<typeof RoleAlarmTargetSchema>;
export const ROLE_LOOKUP_SORTS = ['roleName,asc', 'roleName,desc'] as const;
const RoleLookupQuery = z.object({
  categoryTypeCode: z.enum(['ROLE', 'ROLE_GROUP']).optional(),
  categoryKey: z.string().max(100).optional(),
  categoryKeys: repeated(z.string().max(100)).optional(),
  roleNameLike: like,
  ...paging,
  sort: z.enum(ROLE_LOOKUP_SORTS).default('roleName,asc'),
});
const RoleLookupResponse = z.object({ roles: z.array(RoleAlarmTargetSchema), totalCount: z.number().int() });

export const listOrgAlarmMembers = defineEndpoint({
  id: 'alarms.listOrgAlarmMembers',
  method: 'GET',
  path: '/api/alarm/v6/organizations/:orgId/members',
  summary: 'Members of the organization an alarm group may target',
  tag: 'alarm-groups',
  access: orgPermission('params.orgId', 'Organization.AlarmGroup.List'),
  params: OrgParams,
  query: MemberLookupBase.extend({ nameLike: like }),
  response: MemberLookupResponse,
});
export const listProjectAlarmMembers = defineEndpoint({
  id: 'alarms.listProjectAlarmMembers',
  method: 'GET',
  path: '/api/alarm/v6/projects/:projectId/members',
  summary: 'Members of the project an alarm group may target (no nameLike, spec §7)',
  tag: 'alarm-groups',
  access: projectPermission('params.projectId', 'Project.AlarmGroup.List'),
  params: ProjectParams,
  query: MemberLookupBase,
  response: MemberLookupResponse,
});
export const listOrgAlarmRoles = defineEndpoint({
  id: 'alarms.listOrgAlarmRoles',
  method: 'GET',
  path: '/api/alarm/v6/organizations/:orgId/roles',
  summary: 'Roles and role groups an alarm group may target',
  tag: 'alarm-groups',
  access: orgPermission('params.orgId', 'Organization.AlarmGroup.List'),
  params: OrgParams,
  query: RoleLookupQuery,
  response: RoleLookupResponse,
});
export const listProjectAlarmRoles = defineEndpoint({
  id: 'alarms.listProjectAlarmRoles',
  method: 'GET',
  path: '/api/alarm/v6/projects/:projectId/roles',
  summary: 'Roles and role groups an alarm group of the project may target',
  tag: 'alarm-groups',
  access: projectPermission('params.projectId', 'Project.AlarmGroup.List'),
  params: ProjectParams,
  query: RoleLookupQuery,
  response: RoleLookupResponse,
});

// ---- metric alarms ----

const LabelKey = z.string().min(1).max(64).regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, { error: 'validation.ingest.name' });
const MetricName = z.string().max(128).regex(/^([A-Za-z0-9][A-Za-z0-9._:-]*)?$/, { error: 'validation.ingest.name' });

export const AlarmFilterSchema = z.object({ key: LabelKey, operator: z.enum(LABEL_OPERATORS), value: z.string().max(256) });
export type AlarmFilter = z.infer<typeof AlarmFilterSchema>;

/**
 * The rule, as the form sends it for saving and for the backtest. `metricName` may arrive empty
 * and `alarmGroupIds` with none: the server answers the §5 codes (ALARM_METRIC_REQUIRED,
 * ALARM_RECIPIENT_REQUIRED) next to the field. The threshold may arrive as text from a form:
 * text that is not a number is INVALID_CONDITION_DATA_TYPE.
 */
export const AlarmRuleSchema = z.object({
  service: ServiceNameSchema,
  resourceType: z.string().max(64).default(''),
  /** One resource, or '' for every resource of the type (their values combined by the aggregation). */
  resourceId: z.string().max(256).default(''),
  metricName: MetricName,
  aggregation: z.enum(AGGREGATIONS).default('avg'),
  filters: z.array(AlarmFilterSchema).max(10).default([]),
  conditionOperator: z.enum(ALARM_CONDITION_OPERATORS),
  threshold: z.union([z.number(), z.string().max(40)]),
  durationMinutes: z.coerce.number().int().min(1).max(ALARM_MAX_DURATION_MINUTES),
});
export type AlarmRule = z.input<typeof AlarmRuleSchema>;

export const AlarmBodySchema = AlarmRuleSchema.extend({
  alarmName: z.string().trim().min(1, { error: 'validation.alarm.nameRequired' }).max(ALARM_NAME_MAX),
  description: z.string().max(200).default(''),
  alarmGroupIds: z.array(uuid).max(20).default([]),
  /** Notification receiver groups (issue 11's other half) by id. */
  receiverGroupIds: z.array(uuid).max(20).default([]),
  methods: z.array(z.enum(ALARM_METHODS)).min(1, { error: 'validation.alarm.methodRequired' }).max(2),
  category: z.enum(ALARM_CATEGORIES).default('WARNING'),
  enabled: z.boolean().default(true),
});
export type AlarmBody = z.input<typeof AlarmBodySchema>;

export const AlarmSchema = z.object({
  alarmId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  alarmName: z.string(),
  description: z.string(),
  service: z.string(),
  resourceType: z.string(),
  resourceId: z.string(),
  metricName: z.string(),
  aggregation: z.enum(AGGREGATIONS),
  filters: z.array(AlarmFilterSchema),
  conditionOperator: z.enum(ALARM_CONDITION_OPERATORS),
  threshold: z.number(),
  durationMinutes: z.number().int(),
  alarmGroupIds: z.array(z.string()),
  receiverGroupIds: z.array(z.string()),
  methods: z.array(z.enum(ALARM_METHODS)),
  category: z.enum(ALARM_CATEGORIES),
  enabled: z.boolean(),
  state: z.enum(ALARM_STATES),
  /** Spec §3 "raised flag": firing now. */
  raised: z.boolean(),
  stateSince: z.string().nullable(),
  evaluatedThrough: z.string().nullable(),
  silences: z.array(SilenceSchema),
  regDateTime: z.string(),
  modDateTime: z.string(),
});
export type Alarm = z.infer<typeof AlarmSchema>;

export const AlarmOccurrenceSchema = z.object({
  occurrenceId: z.string(),
  alarmId: z.string(),
  alarmName: z.string(),
  projectId: z.string(),
  /** FIRING while open, RESOLVED once closed (§4). */
  status: z.enum(ALARM_HISTORY_STATUSES),
  raisedAt: z.string(),
  closedAt: z.string().nullable(),
  raisedValue: z.number(),
  threshold: z.number(),
  conditionOperator: z.enum(ALARM_CONDITION_OPERATORS),
  /** Whether notifications went out (false while a silence applied). */
  notified: z.boolean(),
});
export type AlarmOccurrence = z.infer<typeof AlarmOccurrenceSchema>;

export const ALARM_SORTS = ['alarmName,asc', 'alarmName,desc', 'regDateTime,asc', 'regDateTime,desc'] as const;
const AlarmListQuery = z.object({
  alarmNameLike: like,
  state: z.enum(ALARM_STATES).optional(),
  ...paging,
  sort: z.enum(ALARM_SORTS).default('regDateTime,desc'),
});
const AlarmListResponse = z.object({ alarms: z.array(AlarmSchema), paging: PagingSchema });
const HistoryQuery = z.object({
  alarmId: uuid.optional(),
  status: z.enum(ALARM_HISTORY_STATUSES).optional(),
  alarmNameLike: like,
  ...paging,
});
const HistoryResponse = z.object({ occurrences: z.array(AlarmOccurrenceSchema), paging: PagingSchema });
const AlarmIdParams = ProjectParams.extend({ alarmId: uuid });
const tag = 'alarms';
const access = (action: 'List' | 'Get' | 'Create' | 'Update' | 'Delete') => projectPermission('params.projectId', `Project.SystemNotification.${action}`);
const base = '/api/alarm/v6/projects/:projectId/metric-alarms';

export const listOrgAlarms = defineEndpoint({
  id: 'alarms.listOrgAlarms',
  method: 'GET',
  path: '/api/alarm/v6/organizations/:orgId/metric-alarms',
  summary: "Metric alarms of the organization's projects",
  tag,
  access: orgPermission('params.orgId', 'Organization.SystemNotification.List'),
  params: OrgParams,
  query: AlarmListQuery,
  response: AlarmListResponse,
});
export const listOrgAlarmHistory = defineEndpoint({
  id: 'alarms.listOrgAlarmHistory',
  method: 'GET',
  path: '/api/alarm/v6/organizations/:orgId/metric-alarms/history',
  summary: "Alarm occurrences of the organization's projects over the last 7 days",
  tag,
  access: orgPermission('params.orgId', 'Organization.SystemNotification.List'),
  params: OrgParams,
  query: HistoryQuery,
  response: HistoryResponse,
});
export const listAlarms = defineEndpoint({ id: 'alarms.listAlarms', method: 'GET', path: base, summary: 'Metric alarms of the project', tag, access: access('List'), params: ProjectParams, query: AlarmListQuery, response: AlarmListResponse });
export const getAlarm = defineEndpoint({ id: 'alarms.getAlarm', method: 'GET', path: `${base}/:alarmId`, summary: 'One metric alarm', tag, access: access('Get'), params: AlarmIdParams, response: z.object({ alarm: AlarmSchema }) });
export const createAlarm = defineEndpoint({ id: 'alarms.createAlarm', method: 'POST', path: base, summary: 'Adds a metric alarm', tag, access: access('Create'), params: ProjectParams, body: AlarmBodySchema, response: z.object({ alarm: AlarmSchema }) });
export const updateAlarm = defineEndpoint({ id: 'alarms.updateAlarm', method: 'PUT', path: `${base}/:alarmId`, summary: 'Modifies a metric alarm (the same form as adding)', tag, access: access('Update'), params: AlarmIdParams, body: AlarmBodySchema, response: z.object({ alarm: AlarmSchema }) });
export const setAlarmEnabled = defineEndpoint({
  id: 'alarms.setAlarmEnabled',
  method: 'PUT',
  path: `${base}/:alarmId/enabled`,
  summary: 'Enables or disables a metric alarm (disabling closes an open occurrence)',
  tag,
  access: access('Update'),
  params: AlarmIdParams,
  body: z.object({ enabled: z.boolean() }),
  response: z.object({ alarm: AlarmSchema }),
});
export const deleteAlarm = defineEndpoint({ id: 'alarms.deleteAlarm', method: 'DELETE', path: `${base}/:alarmId`, summary: 'Deletes a metric alarm', tag, access: access('Delete'), params: AlarmIdParams, response: z.object({}) });
export const listAlarmHistory = defineEndpoint({ id: 'alarms.listAlarmHistory', method: 'GET', path: `${base}/history`, summary: 'Alarm occurrences of the project over the last 7 days', tag, access: access('List'), params: ProjectParams, query: HistoryQuery, response: HistoryResponse });

export const MetricDescriptorSchema = z.object({ service: z.string(), resourceType: z.string(), metricName: z.string(), labelKeys: z.array(z.string()) });
export const listAlarmMetrics = defineEndpoint({
  id: 'alarms.listAlarmMetrics',
  method: 'GET',
  path: '/api/alarm/v6/projects/:projectId/metrics',
  summary: "Metrics the project reported in the last 7 days ('Failed to view the metric list.' when they cannot be read)",
  tag,
  access: access('List'),
  params: ProjectParams,
  query: z.object({ service: ServiceNameSchema.optional() }),
  response: z.object({ metrics: z.array(MetricDescriptorSchema) }),
});

export const BacktestPointSchema = z.object({ timestamps: z.array(z.number()), values: z.array(z.number()) });
export const BacktestBodySchema = AlarmRuleSchema.extend({
  rangeHours: z.coerce
    .number()
    .int()
    .refine((value) => (BACKTEST_RANGE_HOURS as readonly number[]).includes(value), { error: 'validation.backtest.range' })
    .default(168),
});
export const backtestAlarm = defineEndpoint({
  id: 'alarms.backtestAlarm',
  method: 'POST',
  path: '/api/alarm/v6/projects/:projectId/metric-alarms/backtest',
  summary: 'How often a rule would have fired over a range (the last hour to the last 7 days), with the series and the moments',
  tag,
  access: access('List'),
  params: ProjectParams,
  body: BacktestBodySchema,
  response: z.object({
    from: z.string(),
    to: z.string(),
    fireCount: z.number().int(),
    firings: z.array(z.object({ raisedAt: z.string(), closedAt: z.string().nullable() })),
    /** The rule's values per bucket (about 150 over the range: 1 minute for an hour, 10 for a day, 70 for 7 days; max for > and ≥, min otherwise), for the chart. */
    series: BacktestPointSchema,
  }),
});
