import { z } from 'zod';
import { defineEndpoint, orgPermission, projectPermission } from './endpoint.ts';

/**
 * Silences (issue 11; spec §4 alarm history, §5): a window in which an alarm, or a receiver group,
 * is muted, with a reason. A project's silences mute its alarms or its receiver groups; an
 * organization's mute an alarm of any of its projects, or one of the organization's receiver
 * groups for the alarms of every project.
 */

const uuid = z.uuid();
const OrgParams = z.object({ orgId: uuid });
const ProjectParams = z.object({ projectId: uuid });
const tag = 'alarms';
const access = (action: 'List' | 'Update') => projectPermission('params.projectId', `Project.SystemNotification.${action}`);

export const SilenceSchema = z.object({
  silenceId: z.string(),
  /** The project whose alarms it mutes; null: an organization receiver group's silence, for every project of the organization. */
  projectId: z.string().nullable(),
  alarmId: z.string().nullable(),
  receiverGroupId: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
  createdBy: z.string(),
  isActive: z.boolean(),
});
export type Silence = z.infer<typeof SilenceSchema>;

export const SilenceBodySchema = z
  .object({
    alarmId: uuid.optional(),
    receiverGroupId: uuid.optional(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    reason: z.string().trim().min(1, { error: 'validation.silence.reasonRequired' }).max(200),
  })
  .refine((body) => Boolean(body.alarmId) !== Boolean(body.receiverGroupId), { error: 'validation.silence.oneTarget', path: ['alarmId'] })
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), { error: 'validation.silence.endAfterStart', path: ['endsAt'] });
export type SilenceBody = z.input<typeof SilenceBodySchema>;
export const createSilence = defineEndpoint({
  id: 'alarms.createSilence',
  method: 'POST',
  path: '/api/alarm/v6/projects/:projectId/silences',
  summary: 'Mutes an alarm or a receiver group for a window, with a reason',
  tag,
  access: access('Update'),
  params: ProjectParams,
  body: SilenceBodySchema,
  response: z.object({ silence: SilenceSchema }),
});
export const listSilences = defineEndpoint({
  id: 'alarms.listSilences',
  method: 'GET',
  path: '/api/alarm/v6/projects/:projectId/silences',
  summary: 'Silences of the project not yet over',
  tag,
  access: access('List'),
  params: ProjectParams,
  response: z.object({ silences: z.array(SilenceSchema) }),
});
export const deleteSilence = defineEndpoint({
  id: 'alarms.deleteSilence',
  method: 'DELETE',
  path: '/api/alarm/v6/projects/:projectId/silences/:silenceId',
  summary: 'Ends a silence',
  tag,
  access: access('Update'),
  params: ProjectParams.extend({ silenceId: uuid }),
  response: z.object({}),
});

/**
 * The organization's silences (its notification management and receiver-group pages): an alarm of
 * any of its projects, or one of the organization's receiver groups — muted for the alarms of every
 * project. Listing answers the organization's silences not yet over, the projects' included.
 */
export const listOrgSilences = defineEndpoint({
  id: 'alarms.listOrgSilences',
  method: 'GET',
  path: '/api/alarm/v6/organizations/:orgId/silences',
  summary: "Silences of the organization and its projects not yet over",
  tag,
  access: orgPermission('params.orgId', 'Organization.SystemNotification.List'),
  params: OrgParams,
  response: z.object({ silences: z.array(SilenceSchema) }),
});
export const createOrgSilence = defineEndpoint({
  id: 'alarms.createOrgSilence',
  method: 'POST',
  path: '/api/alarm/v6/organizations/:orgId/silences',
  summary: "Mutes an alarm of the organization's projects, or an organization receiver group for all of them, for a window, with a reason",
  tag,
  access: orgPermission('params.orgId', 'Organization.SystemNotification.Update'),
  params: OrgParams,
  body: SilenceBodySchema,
  response: z.object({ silence: SilenceSchema }),
});
export const deleteOrgSilence = defineEndpoint({
  id: 'alarms.deleteOrgSilence',
  method: 'DELETE',
  path: '/api/alarm/v6/organizations/:orgId/silences/:silenceId',
  summary: 'Ends a silence of the organization or one of its projects',
  tag,
  access: orgPermission('params.orgId', 'Organization.SystemNotification.Update'),
  params: OrgParams.extend({ silenceId: uuid }),
  response: z.object({}),
});
