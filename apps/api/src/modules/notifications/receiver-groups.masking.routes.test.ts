import * as api from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller, TestApp } from '../../test/helper.ts';
import { world } from '../../test/world.ts';

/**
 * Spec rule: someone else's email, phone or IAM name reaches only those who may list members. A
 * project NOTICE_GROUP_VIEWER may read receiver groups and alarm-group targets (Project.AlarmGroup.*)
 * but not list members (Project.Member.List): other members come back masked, and searching them by
 * email, name or ID finds nothing it could not see; the caller's own entry stays plain.
 */
let t: TestApp;
let projectId: string;
let admin: Caller;
let viewer: Caller;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const w = await world({
    mailDomain: 'masking.example.com',
    roles: { owner: 'OWNER', admin: 'ADMIN', colleague: 'MEMBER', viewer: 'MEMBER' },
    projects: { main: { name: 'Masking', members: { colleague: ['MEMBER'], viewer: ['NOTICE_GROUP_VIEWER'] } } },
  });
  t = w.t;
  projectId = w.projects.main;
  Object.assign(ids, w.ids);
  admin = w.as.admin;
  viewer = w.as.viewer;
});

describe('personal data in receiver groups and alarm targets', () => {
  it('masks other members for a caller who may not list members, not for one who may, and never the caller itself', async () => {
    const created = await t.call(admin, api.createProjectReceiverGroup, { params: { projectId }, body: { name: 'Masked receivers', memberIds: [ids.colleague!, ids.viewer!] } });
    expect(created.statusCode, created.body).toBe(200);
    const receiverGroupId = created.json().receiverGroup.receiverGroupId as string;

    const plain = (await t.call(admin, api.getProjectReceiverGroup, { params: { projectId, receiverGroupId } })).json().receiverGroup.members as { memberId: string; email: string; name: string }[];
    expect(plain.find((m) => m.memberId === ids.colleague)?.email).toBe('colleague@masking.example.com');

    const seen = await t.call(viewer, api.getProjectReceiverGroup, { params: { projectId, receiverGroupId } });
    expect(seen.statusCode, seen.body).toBe(200);
    const members = seen.json().receiverGroup.members as { memberId: string; email: string; name: string }[];
    const colleague = members.find((m) => m.memberId === ids.colleague)!;
    const self = members.find((m) => m.memberId === ids.viewer)!;
    expect(colleague.email).not.toBe('colleague@masking.example.com');
    expect(colleague.email).toContain('*');
    expect(colleague.name).not.toBe(plain.find((m) => m.memberId === ids.colleague)!.name);
    expect(seen.body).not.toContain('colleague@masking.example.com');
    expect(self.email).toBe('viewer@masking.example.com');
  });

  it('answers the alarm-target member lookup masked, and does not let such a caller search members by email', async () => {
    const lookup = await t.call(viewer, api.listProjectAlarmMembers, { params: { projectId }, query: {} });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.body).not.toContain('colleague@masking.example.com');
    const colleague = (lookup.json().members as { memberId: string; email: string; id: string }[]).find((m) => m.memberId === ids.colleague)!;
    expect(colleague.email).toContain('*');
    expect(colleague.id).toContain('*');
    // The search by an exact email is not applied for this caller: no oracle telling which one it is.
    const all = lookup.json().paging.totalCount as number;
    const searched = await t.call(viewer, api.listProjectAlarmMembers, { params: { projectId }, query: { emailLike: 'colleague@masking' } });
    expect(searched.json().paging.totalCount).toBe(all);
    // An administrator's search works.
    const adminSearch = await t.call(admin, api.listProjectAlarmMembers, { params: { projectId }, query: { emailLike: 'colleague@masking' } });
    expect((adminSearch.json().members as { email: string }[]).map((m) => m.email)).toEqual(['colleague@masking.example.com']);
  });
});
