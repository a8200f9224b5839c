import { formatResultMessage, type SupportTeamMember } from '@console/contracts';
import type { Database } from '../../db/client.ts';
import { grantOf, type SignedInContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { disclosureOf, searchReachOf, type Disclosure } from '../../platform/personal-data.ts';
import { NEWEST_MEMBERS_COUNT, SUPPORT_TEAM_LIMIT } from '@console/contracts';
import { organizationsRepository } from './organizations.repository.ts';
import { membersSummaryRepository, supportTeamRepository as repo } from './support-team.repository.ts';

/**
 * The team as the caller may read it: people's data in plain for callers who may list members, or
 * who manage the team (Organization.Support.Update: they choose its members by name and email, in
 * the candidate search); masked for the rest.
 */
const disclosureFor = (ctx: SignedInContext) => disclosureOf(ctx.caller, [grantOf(ctx).view], ['Organization.Support.Update']);

function shown(disclose: Disclosure, members: readonly SupportTeamMember[]): SupportTeamMember[] {
  return members.map((member) => {
    const person = { kind: member.memberType, id: member.memberUuid };
    return {
      ...member,
      name: disclose.name(member.name, person),
      email: disclose.email(member.email, person),
      userCode: member.userCode === null ? null : disclose.userCode(member.userCode, person),
    };
  });
}

function answer(ctx: SignedInContext, members: SupportTeamMember[]) {
  return { supportTeam: { members: shown(disclosureFor(ctx), members), limit: SUPPORT_TEAM_LIMIT } };
}

type TeamInput = { memberType: 'TOAST_CLOUD' | 'IAM'; memberUuid: string }[];

/**
 * The organization's technical support team (organization management, default settings): up to
 * SUPPORT_TEAM_LIMIT of its cloud members or IAM accounts who handle its technical-support inquiries.
 */
export function createSupportTeamService(deps: { db: Database }) {
  const { db } = deps;

  return {
    async get(ctx: SignedInContext) {
      return answer(ctx, await repo.list(db, grantOf(ctx).orgId));
    },

    /** Replaces the team; every member must belong to the organization, else ORG_MEMBER_NOT_FOUND and nothing changes. */
    async update(ctx: SignedInContext, team: TeamInput) {
      const { orgId } = grantOf(ctx);
      return db.transaction(async (tx) => {
        if (!(await organizationsRepository.lockById(tx, orgId))) throw new AppError('INVALID_ORG_ID');
        const cloudIds = team.filter((item) => item.memberType === 'TOAST_CLOUD').map((item) => item.memberUuid);
        const iamIds = team.filter((item) => item.memberType === 'IAM').map((item) => item.memberUuid);
        const found = await repo.existing(tx, orgId, cloudIds, iamIds);
        const missing = team.flatMap((item, index) =>
          (item.memberType === 'IAM' ? found.iam : found.cloud).has(item.memberUuid) ? [] : [index],
        );
        if (missing.length > 0) {
          throw new AppError('ORG_MEMBER_NOT_FOUND', {
            fieldErrors: missing.map((index) => ({
              field: `body.members.${index}.memberUuid`,
              message: formatResultMessage('ORG_MEMBER_NOT_FOUND', ctx.lang),
            })),
          });
        }
        await repo.replace(tx, orgId, team, ctx.now());
        return answer(ctx, await repo.list(tx, orgId));
      });
    },

    /** The dashboard's members widget; IAM accounts only for callers who may list them. */
    async membersSummary(ctx: SignedInContext) {
      const grant = grantOf(ctx);
      const withIam = grant.view.has('Organization.Member.Iam.List');
      const [roleCounts, cloudMemberCount, iamAccountCount, newest] = await Promise.all([
        membersSummaryRepository.roleCounts(db, grant.orgId),
        membersSummaryRepository.cloudMemberCount(db, grant.orgId),
        withIam ? membersSummaryRepository.iamAccountCount(db, grant.orgId) : null,
        membersSummaryRepository.newest(db, grant.orgId, NEWEST_MEMBERS_COUNT, withIam),
      ]);
      return {
        summary: {
          cloudMemberCount,
          roleCounts,
          iamAccountCount,
          newest: newest.map(({ joinedAt, ...member }) => ({ ...member, joinedDateTime: joinedAt.toISOString() })),
        },
      };
    },

    async candidates(ctx: SignedInContext, keyword: string | undefined, limit: number) {
      // Masked like the team itself (privacy protection), and the keyword matches only what is shown in plain.
      const disclose = disclosureFor(ctx);
      return { candidates: shown(disclose, await repo.search(db, grantOf(ctx).orgId, keyword || undefined, limit, searchReachOf(ctx, disclose))) };
    },
  };
}

export type SupportTeamService = ReturnType<typeof createSupportTeamService>;
