import * as api from '@console/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, userAccessKeys } from '../../db/schema/index.ts';
import { anonymous, type Caller, type TestApp } from '../../test/helper.ts';
import { world } from '../../test/world.ts';

let t: TestApp;
let orgId: string;
let projectId: string;
let as: Record<'owner' | 'admin' | 'member' | 'dev' | 'ops' | 'outsider' | 'iam', Caller>;
let ids: Record<string, string>;

beforeAll(async () => {
  const w = await world({
    mailDomain: 'keys.example.com',
    org: { name: 'Keys Co', domain: 'keys-co' },
    roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', dev: 'MEMBER', ops: 'MEMBER', outsider: null },
    iam: { iam: { userCode: 'keys.iam' } },
    projects: { main: { name: 'Main', members: { member: ['MEMBER'], dev: ['MEMBER'], ops: ['MEMBER'] } } },
  });
  ({ t, orgId } = w);
  projectId = w.projects.main;
  as = w.as as typeof as;
  ids = w.ids;
});

const bearer = (token: string): Caller => ({
  cookies: {},
  headers: { authorization: `Bearer ${token}` },
  as: (options) => ({ ...options, headers: { ...(options.headers as Record<string, string>), authorization: `Bearer ${token}` } }),
});

async function createKey(who: Caller, body?: object) {
  const response = await t.call(who, api.createUserAccessKey, body ? { body } : {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { userAccessKey: api.UserAccessKey; secretAccessKey: string };
}

async function issue(userAccessKeyId: string, secretAccessKey: string, expiresIn?: number) {
  return t.call(anonymous, api.issueAccessToken, { body: { userAccessKeyId, secretAccessKey, ...(expiresIn ? { expiresIn } : {}) } });
}

describe('user access keys', () => {
  it('creates a key whose secret is answered once and stored only as a hash', async () => {
    const { userAccessKey, secretAccessKey } = await createKey(as.member, { tokenExpirySeconds: 3600 });
    expect(userAccessKey).toMatchObject({ status: 'STABLE', tokenExpirySeconds: 3600, lastUsedAt: null, rotationAdvised: false, activeTokenCount: 0 });
    expect(userAccessKey.userAccessKeyId).toMatch(/^[A-Z0-9]{20}$/);
    expect(secretAccessKey.length).toBeGreaterThanOrEqual(40);
    const [row] = await t.db.select().from(userAccessKeys).where(eq(userAccessKeys.keyId, userAccessKey.userAccessKeyId));
    expect(row!.secretHash).not.toContain(secretAccessKey);
    expect(JSON.stringify(row)).not.toContain(secretAccessKey);
    const list = await t.call(as.member, api.listUserAccessKeys);
    expect(list.json()).toMatchObject({ limit: 5, rotationDays: 90 });
    expect(JSON.stringify(list.json())).not.toContain(secretAccessKey);
    expect(list.json().userAccessKeys.map((key: api.UserAccessKey) => key.userAccessKeyId)).toEqual([userAccessKey.userAccessKeyId]);
  });

  it('allows at most 5 keys per cloud ID and per IAM ID (23601), changing nothing', async () => {
    for (let i = 0; i < 5; i++) await createKey(as.admin);
    await t.expectRefusal(() => t.call(as.admin, api.createUserAccessKey), 400, 23601);
    for (let i = 0; i < 5; i++) await createKey(as.iam);
    await t.expectRefusal(() => t.call(as.iam, api.createUserAccessKey), 400, 23601);
    // Another account's count is its own.
    await createKey(as.outsider);
  });

  it('keeps 5 exact under parallel creation', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => t.call(as.owner, api.createUserAccessKey)));
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(5);
    expect(results.filter((response) => response.json().header.resultCode === 23601)).toHaveLength(3);
  });

  it('refuses bad input with 10001 and unknown or foreign keys with 23602', async () => {
    await t.expectRefusal(() => t.call(as.member, api.createUserAccessKey, { body: { tokenExpirySeconds: 59 } }), 400, 10001);
    await t.expectRefusal(() => t.call(as.member, api.createUserAccessKey, { body: { tokenExpirySeconds: 86_401 } }), 400, 10001);
    const { userAccessKey } = await createKey(as.outsider);
    await t.expectRefusal(() => t.call(as.member, api.updateUserAccessKey, { params: { userAccessKeyId: userAccessKey.userAccessKeyId }, body: { status: 'STOP' } }), 404, 23602);
    await t.expectRefusal(() => t.call(as.member, api.listAccessTokens, { params: { userAccessKeyId: userAccessKey.userAccessKeyId } }), 404, 23602);
    await t.expectRefusal(() => t.call(as.member, api.updateUserAccessKey, { params: { userAccessKeyId: 'lower-case' }, body: { status: 'STOP' } }), 400, 10001);
    await t.expectRefusal(() => t.call(anonymous, api.listUserAccessKeys), 401, 100);
  });

  it('advises rotation after 90 days and deletes only deactivated keys (23607)', async () => {
    const { userAccessKey } = await createKey(as.member);
    const params = { userAccessKeyId: userAccessKey.userAccessKeyId };
    // 90 days old (moving the clock that far would end the sessions too).
    await t.db
      .update(userAccessKeys)
      .set({ createdAt: new Date(t.clock.now().getTime() - 90 * 86_400_000) })
      .where(eq(userAccessKeys.keyId, params.userAccessKeyId));
    const listed = (await t.call(as.member, api.listUserAccessKeys)).json().userAccessKeys as api.UserAccessKey[];
    expect(listed.find((key) => key.userAccessKeyId === params.userAccessKeyId)!.rotationAdvised).toBe(true);
    await t.expectRefusal(() => t.call(as.member, api.deleteUserAccessKey, { params }), 400, 23607);
    expect((await t.call(as.member, api.updateUserAccessKey, { params, body: { status: 'STOP' } })).json().userAccessKey.status).toBe('STOP');
    expect((await t.call(as.member, api.deleteUserAccessKey, { params })).statusCode).toBe(200);
    await t.expectRefusal(() => t.call(as.member, api.listAccessTokens, { params }), 404, 23602);
  });
});

describe('tokens', () => {
  it('issues a token that calls the API with the holder\'s permissions, and no more', async () => {
    const { userAccessKey, secretAccessKey } = await createKey(as.member);
    const issued = await issue(userAccessKey.userAccessKeyId, secretAccessKey, 600);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ tokenType: 'Bearer', expiresIn: 600, expiresAt: new Date(t.clock.now().getTime() + 600_000).toISOString() });
    const token = bearer(issued.json().accessToken);
    expect(JSON.stringify(await t.db.select().from(accessTokens))).not.toContain(issued.json().accessToken);

    // What the MEMBER may: read the project; what the MEMBER may not: rename it (-6), list org members (-6).
    const project = await t.call(token, api.getProject, { params: { projectId } });
    expect(project.statusCode, project.body).toBe(200);
    const session = await t.call(token, api.getSession);
    expect(session.json().session).toMatchObject({ uuid: ids.member, memberType: 'TOAST_CLOUD' });
    await t.expectRefusal(() => t.call(token, api.updateProject, { params: { projectId }, body: { projectName: 'Renamed', description: '' } }), 403, -6);
    await t.expectRefusal(() => t.call(token, api.getOrgMembersSummary, { params: { orgId } }), 403, -6);
    // The same refusals as the holder's session.
    expect((await t.call(as.member, api.updateProject, { params: { projectId }, body: { projectName: 'Renamed', description: '' } })).json().header.resultCode).toBe(-6);
    // The OWNER's token may, and needs no CSRF token (no cookie is involved).
    const ownerKey = ((await t.call(as.owner, api.listUserAccessKeys)).json().userAccessKeys as api.UserAccessKey[])[0]!;
    const secret = (await t.call(as.owner, api.reissueUserAccessKeySecret, { params: { userAccessKeyId: ownerKey.userAccessKeyId } })).json().secretAccessKey;
    const ownerToken = bearer((await issue(ownerKey.userAccessKeyId, secret)).json().accessToken);
    const renamed = await t.call(ownerToken, api.updateProject, { params: { projectId }, body: { projectName: 'Renamed by token', description: '' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await t.call(as.member, api.getProject, { params: { projectId } })).json().project.projectName).toBe('Renamed by token');
  });

  it('a token of an account outside the organization gets not-found, as its session would', async () => {
    const { userAccessKey, secretAccessKey } = await createKey(as.outsider);
    const token = bearer((await issue(userAccessKey.userAccessKeyId, secretAccessKey)).json().accessToken);
    // The outsider is in no organization of the world: not-found, as for their session.
    await t.expectRefusal(() => t.call(token, api.getProject, { params: { projectId } }), 404, 40017);
  });

  it('updates last used of the token and its key, and lists tokens with their status', async () => {
    const { userAccessKey, secretAccessKey } = await createKey(as.member);
    const params = { userAccessKeyId: userAccessKey.userAccessKeyId };
    const first = (await issue(params.userAccessKeyId, secretAccessKey, 60)).json();
    t.clock.advanceMinutes(2);
    const second = (await issue(params.userAccessKeyId, secretAccessKey)).json();
    await t.call(bearer(second.accessToken), api.getProject, { params: { projectId } });
    const listed = await t.call(as.member, api.listAccessTokens, { params, query: { page: 1, limit: 10 } });
    expect(listed.statusCode, listed.body).toBe(200);
    const body = listed.json();
    expect(body.paging).toEqual({ page: 1, limit: 10, totalCount: 2 });
    expect(body.tokens.map((token: api.AccessToken) => [token.tokenId, token.status])).toEqual([
      [second.tokenId, 'ACTIVE'],
      [first.tokenId, 'EXPIRED'],
    ]);
    expect(body.tokens[0].lastUsedAt).toBe(t.clock.now().toISOString());
    expect(body.userAccessKey.lastUsedAt).toBe(t.clock.now().toISOString());
    expect(body.userAccessKey.tokenExpirySeconds).toBe(86_400);
    expect(body.tokens[0].expiresAt).toBe(new Date(t.clock.now().getTime() + 86_400_000).toISOString());
  });

  it('refuses a wrong secret, an unknown key or a deactivated key alike (23603)', async () => {
    const { userAccessKey, secretAccessKey } = await createKey(as.member);
    await t.expectRefusal(() => issue(userAccessKey.userAccessKeyId, `${secretAccessKey}x`), 400, 23603);
    await t.expectRefusal(() => issue('ABCDEFGHIJ0123456789', secretAccessKey), 400, 23603);
    await t.expectRefusal(() => issue(userAccessKey.userAccessKeyId, secretAccessKey, 30), 400, 10001);
    await t.call(as.member, api.updateUserAccessKey, { params: { userAccessKeyId: userAccessKey.userAccessKeyId }, body: { status: 'STOP' } });
    await t.expectRefusal(() => issue(userAccessKey.userAccessKeyId, secretAccessKey), 400, 23603);
  });

  it('is refused after the key is deactivated (all its tokens expire), revoked, or expired (23604)', async () => {
    const { userAccessKey, secretAccessKey } = await createKey(as.member);
    const params = { userAccessKeyId: userAccessKey.userAccessKeyId };
    const a = bearer((await issue(params.userAccessKeyId, secretAccessKey, 120)).json().accessToken);
    const bIssued = (await issue(params.userAccessKeyId, secretAccessKey)).json();
    const b = bearer(bIssued.accessToken);
    expect((await t.call(a, api.getProject, { params: { projectId } })).statusCode).toBe(200);
    expect((await t.call(b, api.getProject, { params: { projectId } })).statusCode).toBe(200);

    // Expiry, by the injected clock.
    t.clock.advanceMinutes(3);
    await t.expectRefusal(() => t.call(a, api.getProject, { params: { projectId } }), 401, 23604);
    expect((await t.call(b, api.getProject, { params: { projectId } })).statusCode).toBe(200);

    // Revocation.
    const revoked = await t.call(as.member, api.revokeAccessToken, { params: { ...params, tokenId: bIssued.tokenId } });
    expect(revoked.json().token).toMatchObject({ status: 'REVOKED', revokedAt: t.clock.now().toISOString() });
    await t.expectRefusal(() => t.call(b, api.getProject, { params: { projectId } }), 401, 23604);

    // Deactivation expires every token, and they stay expired when the key is activated again.
    const c = bearer((await issue(params.userAccessKeyId, secretAccessKey)).json().accessToken);
    expect((await t.call(c, api.getProject, { params: { projectId } })).statusCode).toBe(200);
    const stopped = await t.call(as.member, api.updateUserAccessKey, { params, body: { status: 'STOP' } });
    expect(stopped.json().userAccessKey).toMatchObject({ status: 'STOP', activeTokenCount: 0 });
    await t.expectRefusal(() => t.call(c, api.getProject, { params: { projectId } }), 401, 23604);
    await t.call(as.member, api.updateUserAccessKey, { params, body: { status: 'STABLE' } });
    await t.expectRefusal(() => t.call(c, api.getProject, { params: { projectId } }), 401, 23604);
    await t.expectRefusal(() => t.call(bearer('not-a-token'), api.getProject, { params: { projectId } }), 401, 23604);
  });

  it('reissuing the secret expires the tokens and the old secret', async () => {
    const { userAccessKey, secretAccessKey } = await createKey(as.dev);
    const params = { userAccessKeyId: userAccessKey.userAccessKeyId };
    const token = bearer((await issue(params.userAccessKeyId, secretAccessKey)).json().accessToken);
    const reissued = await t.call(as.dev, api.reissueUserAccessKeySecret, { params });
    expect(reissued.json().userAccessKey.reissuedAt).toBe(t.clock.now().toISOString());
    await t.expectRefusal(() => t.call(token, api.getProject, { params: { projectId } }), 401, 23604);
    await t.expectRefusal(() => issue(params.userAccessKeyId, secretAccessKey), 400, 23603);
    expect((await issue(params.userAccessKeyId, reissued.json().secretAccessKey)).statusCode).toBe(200);
  });

  it('cannot manage keys or tokens with a token (23606), and revoking an unknown token answers 23605', async () => {
    const { userAccessKey, secretAccessKey } = await createKey(as.ops);
    const token = bearer((await issue(userAccessKey.userAccessKeyId, secretAccessKey)).json().accessToken);
    await t.expectRefusal(() => t.call(token, api.createUserAccessKey), 403, 23606);
    await t.expectRefusal(() => t.call(token, api.updateUserAccessKey, { params: { userAccessKeyId: userAccessKey.userAccessKeyId }, body: { status: 'STOP' } }), 403, 23606);
    await t.expectRefusal(
      () => t.call(as.ops, api.revokeAccessToken, { params: { userAccessKeyId: userAccessKey.userAccessKeyId, tokenId: '00000000-0000-4000-8000-000000000000' } }),
      404,
      23605,
    );
  });

  it('an IAM account\'s token acts as that IAM account', async () => {
    const keys = (await t.call(as.iam, api.listUserAccessKeys)).json().userAccessKeys as api.UserAccessKey[];
    await t.call(as.iam, api.updateUserAccessKey, { params: { userAccessKeyId: keys[0]!.userAccessKeyId }, body: { status: 'STOP' } });
    await t.call(as.iam, api.deleteUserAccessKey, { params: { userAccessKeyId: keys[0]!.userAccessKeyId } });
    const { userAccessKey, secretAccessKey } = await createKey(as.iam);
    const token = bearer((await issue(userAccessKey.userAccessKeyId, secretAccessKey)).json().accessToken);
    const session = await t.call(token, api.getSession);
    expect(session.json().session).toMatchObject({ uuid: ids.iam, memberType: 'IAM', orgId });
  });
});
