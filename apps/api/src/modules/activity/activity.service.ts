import type { ActivityActionCode, ActivityEvent, ActivityTargetType } from '@console/contracts';
import type { Database } from '../../db/client.ts';
import type { Authorizer } from '../../platform/authz.ts';
import { grantOf, projectGrantOf, orgRolesOfGrant, type SignedInContext } from '../../platform/context.ts';
import { isoTimeOf } from '../../platform/iso-time.ts';
import { disclosureOf, type Disclosure, type PersonKind } from '../../platform/personal-data.ts';
import { activityRepository as repo, type ActivityRow } from './activity.repository.ts';

/**
 * A target's name as the caller may read it: people (members, IAM accounts, invitees) through the
 * disclosure, everything else (organizations, projects, domains, regions, groups) as recorded.
 */
function targetName(row: ActivityRow, disclose: Disclosure): string | null {
  const name = row.targetName;
  if (name === null) return null;
  switch (row.targetType as ActivityTargetType) {
    case 'INVITATION':
      return disclose.email(name, { kind: 'TOAST_CLOUD', email: name });
    case 'IAM_ACCOUNT':
      return disclose.iamLabel(name, { kind: 'IAM', id: row.targetId });
    case 'MEMBER':
      // Without an id the target is a list of people, cloud members and IAM accounts (the support team).
      if (row.targetId === null) {
        return disclose.all ? name : name.split(', ').map((one) => disclose.name(one, { kind: 'TOAST_CLOUD' })).join(', ');
      }
      // A project member removed may have been an IAM account (named `Name (iam.id)`): masked as one name then.
      return disclose.name(name, { kind: 'TOAST_CLOUD', id: row.targetId });
    default:
      return name;
  }
}

const toEvent = (row: ActivityRow, disclose: Disclosure): ActivityEvent => ({
  activityId: row.id,
  orgId: row.orgId,
  projectId: row.projectId,
  actor: {
    memberType: row.actorType,
    memberUuid: row.actorId,
    name: disclose.name(row.actorName, { kind: row.actorType as PersonKind, id: row.actorId }),
  },
  actionCode: row.actionCode as ActivityActionCode,
  target: { type: row.targetType as ActivityTargetType, id: row.targetId, name: targetName(row, disclose) },
  occurredDateTime: isoTimeOf(row.createdAt),
});

interface Page {
  page: number;
  limit: number;
  actionCode?: ActivityActionCode | undefined;
}

export function createActivityService(deps: { db: Database; authorizer: Authorizer }) {
  const { db, authorizer } = deps;

  /**
   * The disclosure of each event of an organization's feed: people's data in plain for callers who
   * may list the organization's members, or the members of the event's project (the caller's view
   * there, compiled for the projects of the page in one query); masked otherwise.
   */
  async function orgFeedDisclosures(ctx: SignedInContext, rows: readonly ActivityRow[]): Promise<(row: ActivityRow) => Disclosure> {
    const grant = grantOf(ctx);
    const caller = ctx.caller;
    const inOrg = disclosureOf(caller, [grant.view]);
    const projectIds = [...new Set(rows.flatMap((row) => (row.projectId ? [row.projectId] : [])))];
    if (inOrg.all || projectIds.length === 0) return () => inOrg;
    const refs = await repo.projectRefs(db, grant.orgId, projectIds);
    const views = await authorizer.projectViews(caller, ctx, refs, new Map([[grant.orgId, orgRolesOfGrant(grant)]]));
    const inProject = new Map([...views].map(([projectId, { view }]) => [projectId, disclosureOf(caller, [grant.view, view])]));
    return (row) => (row.projectId && inProject.get(row.projectId)) || inOrg;
  }

  return {
    /**
     * The organization's feed. Callers who cannot list every project of the organization
     * (Organization.Project.List) see only the events of projects they can see, and those of none.
     * People's data is masked for callers who may not list members there (see orgFeedDisclosures).
     */
    async listForOrg(ctx: SignedInContext, query: Page & { projectId?: string | undefined }) {
      const grant = grantOf(ctx);
      const caller = ctx.caller;
      const { rows, totalCount, totalCountCapped } = await repo.list(
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
      const disclosureOfRow = await orgFeedDisclosures(ctx, rows);
      return { activities: rows.map((row) => toEvent(row, disclosureOfRow(row))), paging: { page: query.page, limit: query.limit, totalCount }, totalCountCapped };
    },

    /** The project's feed: its events, the project's creation included; people masked unless the caller may list its members. */
    async listForProject(ctx: SignedInContext, query: Page) {
      const grant = projectGrantOf(ctx);
      const { rows, totalCount, totalCountCapped } = await repo.list(
        db,
        { orgId: grant.orgId, projectId: grant.projectId, actionCode: query.actionCode },
        query.page,
        query.limit,
      );
      const disclose = disclosureOf(ctx.caller, [grant.view]);
      return { activities: rows.map((row) => toEvent(row, disclose)), paging: { page: query.page, limit: query.limit, totalCount }, totalCountCapped };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
