import type { ActivityActionCode, ActivityEvent, ActivityTargetType } from '@console/contracts';
import type { Database } from '../../db/client.ts';
import { grantOf, type RequestContext } from '../../platform/context.ts';
import { activityRepository as repo, type ActivityRow } from './activity.repository.ts';

const toEvent = (row: ActivityRow): ActivityEvent => ({
  activityId: row.id,
  orgId: row.orgId,
  projectId: row.projectId,
  actor: { memberType: row.actorType, memberUuid: row.actorId, name: row.actorName },
  actionCode: row.actionCode as ActivityActionCode,
  target: { type: row.targetType as ActivityTargetType, id: row.targetId, name: row.targetName },
  occurredDateTime: row.createdAt.toISOString(),
});

interface Page {
  page: number;
  limit: number;
  actionCode?: ActivityActionCode | undefined;
}

export function createActivityService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /**
     * The organization's feed. Callers who cannot list every project of the organization
     * (Organization.Project.List) see only the events of projects they can see, and those of none.
     */
    async listForOrg(ctx: RequestContext, query: Page & { projectId?: string | undefined }) {
      const grant = grantOf(ctx);
      const caller = ctx.caller!;
      const { rows, totalCount } = await repo.list(
        db,
        {
          orgId: grant.orgId,
          projectId: query.projectId,
          actionCode: query.actionCode,
          visibleTo: grant.permissions.has('Organization.Project.List') ? undefined : { memberType: caller.memberType, uuid: caller.uuid },
        },
        query.page,
        query.limit,
      );
      return { activities: rows.map(toEvent), paging: { page: query.page, limit: query.limit, totalCount } };
    },

    /** The project's feed: its events, the project's creation included. */
    async listForProject(ctx: RequestContext, query: Page) {
      const grant = grantOf(ctx);
      const { rows, totalCount } = await repo.list(
        db,
        { orgId: grant.orgId, projectId: grant.projectId!, actionCode: query.actionCode },
        query.page,
        query.limit,
      );
      return { activities: rows.map(toEvent), paging: { page: query.page, limit: query.limit, totalCount } };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
