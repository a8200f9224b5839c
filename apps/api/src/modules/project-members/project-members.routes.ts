import {
  addProjectMember,
  getProjectMember,
  listProjectMemberCandidates,
  listProjectMembers,
  removeProjectMember,
  updateProjectMember,
  updateProjectMembers,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { ProjectMembersService } from './project-members.service.ts';
import { defineApiModule } from '../../platform/module.ts';
import { createProjectMembersService } from './project-members.service.ts';

function registerProjectMemberRoutes(app: FastifyInstance, deps: { projectMembers: ProjectMembersService }) {
  const { projectMembers } = deps;
  registerEndpoint(app, listProjectMembers, ({ ctx, query }) =>
    projectMembers.list(ctx, { emailLike: query.emailLike, nameLike: query.nameLike, memberType: query.memberTypeCode }, query.page, query.limit), { cache: true },
  );
  registerEndpoint(app, getProjectMember, ({ ctx, params }) => projectMembers.get(ctx, params.memberId), { cache: true });
  registerEndpoint(app, listProjectMemberCandidates, ({ ctx, query }) =>
    projectMembers.candidates(ctx, { keyword: query.keyword, memberType: query.memberTypeCode }, query.page, query.limit),
  );
  registerEndpoint(app, addProjectMember, ({ ctx, body }) => projectMembers.add(ctx, body.projectMemberUuid, body.projectMemberRoleCodeList, body.projectMemberRoleGroupIdList));
  registerEndpoint(app, updateProjectMember, ({ ctx, params, body }) =>
    projectMembers.update(ctx, params.memberId, body.projectMemberRoleCodeList, body.projectMemberRoleGroupIdList),
  );
  registerEndpoint(app, updateProjectMembers, ({ ctx, body }) => projectMembers.updateMany(ctx, body.projectMembers));
  registerEndpoint(app, removeProjectMember, ({ ctx, params }) => projectMembers.remove(ctx, params.memberId));
}

/** Served through app.ts's scan of the modules (platform/module.ts). */
export const apiModule = defineApiModule((app, platform) => registerProjectMemberRoutes(app, { projectMembers: createProjectMembersService(platform) }));
