import { ACTIVITY_RULES, type ActivityCall, type ActivityRule, type Endpoint } from '@console/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Caller } from '../../platform/context.ts';
import { activityRepository as repo, type NewActivity } from './activity.repository.ts';

/**
 * Records the activity feed centrally: `registerEndpoint` (platform/routes.ts) calls `before` once
 * the permission check has passed (on the pool, before the change) and `after` once the handler has
 * answered successfully — inside the change's unit of work (db/unit-of-work.ts), so its row commits
 * with the change, in the same transaction. Which calls are recorded, as what, and where their
 * target is, is ACTIVITY_RULES in contracts. A failed name read before is logged and ignored; a
 * failure of `after` fails the call, and the change with it (all or nothing).
 */
export interface ActivityRecorder {
  before(endpoint: Endpoint, request: FastifyRequest): Promise<void>;
  after(endpoint: Endpoint, request: FastifyRequest, result: unknown): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The activity feed's recorder (modules/activity), called by registerEndpoint. */
    activity: ActivityRecorder;
  }
}

export function createActivityRecorder(deps: { db: Database; log: FastifyBaseLogger }): ActivityRecorder {
  const { db, log } = deps;

  /** Who acted: the rule's actor of a public call (their name read now), else the session's caller. */
  async function actorOf(rule: ActivityRule, call: ActivityCall<Endpoint>, orgId: string, caller: Caller | undefined) {
    if (rule.actor) {
      const { memberType, id } = rule.actor(call);
      const name = await repo.nameOf(db, orgId, memberType === 'IAM' ? 'IAM_ACCOUNT' : 'MEMBER', id);
      return name === null ? undefined : { actorType: memberType, actorId: id, actorName: name };
    }
    return caller ? { actorType: caller.memberType, actorId: caller.uuid, actorName: caller.profile.name } : undefined;
  }

  /** Names read before a call (its target is about to go), by request. */
  const namesBefore = new WeakMap<FastifyRequest, string | null>();

  return {
    async before(endpoint, request) {
      const rule = ACTIVITY_RULES.get(endpoint.id);
      const orgId = request.ctx.grant?.orgId;
      if (!rule?.nameBefore || !orgId) return;
      try {
        const { type, id } = rule.nameBefore({ params: request.params as never, body: request.body as never });
        namesBefore.set(request, await repo.nameOf(db, orgId, type, id));
      } catch (error) {
        log.warn({ err: error, endpoint: endpoint.id, reqId: request.id }, 'activity: reading the target name failed');
      }
    },

    async after(endpoint, request, result) {
      const rule = ACTIVITY_RULES.get(endpoint.id);
      const caller = request.ctx.caller;
      if (!rule || (!caller && !rule.actor)) return;
      try {
        const call: ActivityCall<Endpoint> = {
          params: request.params as never,
          body: request.body as never,
          response: result as never,
          nameBefore: namesBefore.get(request) ?? null,
        };
        const grant = request.ctx.grant;
        const actionCode = rule.action(call);
        const at = request.ctx.now();
        const rows: NewActivity[] = [];
        for (const target of rule.targets(call)) {
          const orgId = grant?.orgId ?? target.orgId;
          if (!orgId) continue;
          const actor = await actorOf(rule, call, orgId, caller);
          if (!actor) continue;
          rows.push({
            orgId,
            projectId: grant?.projectId ?? target.projectId ?? null,
            ...actor,
            actionCode,
            targetType: target.type,
            targetId: target.id,
            targetName: target.name,
            createdAt: at,
          });
        }
        await repo.insert(db, rows);
      } catch (error) {
        // Written in the change's transaction (db/unit-of-work.ts): the change and its event commit
        // together or not at all, so a failure here fails the call.
        log.error({ err: error, endpoint: endpoint.id, reqId: request.id }, 'activity: recording failed');
        throw error;
      }
    },
  };
}
