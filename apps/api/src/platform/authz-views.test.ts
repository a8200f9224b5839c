import { describe, expect, it } from 'vitest';
import { projectViewOf } from './authz-views.ts';
import type { Caller, RequestContext } from './context.ts';
import type { CompiledPolicy } from './policy/engine.ts';

const caller = { memberType: 'TOAST_CLOUD', uuid: 'me' } as Caller;
const ctx = { now: () => new Date('2026-11-29T01:00:00Z'), clientIp: '10.0.0.1', userAgent: 'test', referer: '' } as unknown as RequestContext;
const project = (id: string, ownerMemberId = 'someone') => ({ id, ownerMemberId, timeZone: 'Asia/Seoul' });
const nightOnly = {
  roleCodes: ['MEMBER'],
  groupRoles: [{ roleGroupId: 'g', roleGroupName: 'night', typeCode: 'PROJECT' as const, roleId: 'PROJECT_ROLE:ADMIN', denialSetting: 'ALLOW' as const, conditions: [{ type: 'TIME', operator: 'BETWEEN', values: ['00:00', '01:00'] }] as never }],
};

describe('projectViewOf over a list: alike projects share one compiled policy (issue 8, twelfth pass)', () => {
  it('compiles the same roles without role groups once, binds each project to its own attributes, and holds what each alone holds', () => {
    const alike = new Map<string, CompiledPolicy>();
    const rows = [
      { project: project('p1'), orgRoles: ['OWNER'], membership: undefined },
      { project: project('p2'), orgRoles: ['OWNER'], membership: undefined },
      { project: project('p3', 'me'), orgRoles: ['MEMBER'], membership: undefined },
      { project: project('p4'), orgRoles: ['MEMBER'], membership: { roleCodes: ['MEMBER'], groupRoles: [] } },
      { project: project('p5'), orgRoles: ['MEMBER'], membership: { roleCodes: ['MEMBER'], groupRoles: [] } },
      { project: project('p6'), orgRoles: ['MEMBER'], membership: nightOnly },
    ];
    const shared = rows.map(({ project: one, orgRoles, membership }) => projectViewOf(caller, one, orgRoles, membership, ctx, alike));
    const alone = rows.map(({ project: one, orgRoles, membership }) => projectViewOf(caller, one, orgRoles, membership, ctx));
    for (const [index, view] of shared.entries()) {
      expect(view.permissions(), rows[index]!.project.id).toEqual(alone[index]!.permissions());
      expect(view.attributes.projectId).toBe(rows[index]!.project.id);
    }
    expect(shared[1]!.policy).toBe(shared[0]!.policy);
    expect(shared[4]!.policy).toBe(shared[3]!.policy);
    expect(shared[2]!.policy).not.toBe(shared[0]!.policy);
    // A membership with role groups is compiled on its own (its conditions are its own).
    expect([...alike.values()]).not.toContain(shared[5]!.policy);
    expect(alike.size).toBe(3);
  });
});
