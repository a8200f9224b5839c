import * as api from '@console/contracts';
import type { ErrorBody, PermissionDeniedExtra, RoleCondition } from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { assignRoleGroup, createRoleGroup, FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { anonymous } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';

const HOUR = 3_600_000;
const lunch: RoleCondition = { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['12:00', '14:00'] };

/** An app with the dev clock off (the default); its one caller owns an organization that plays no part. */
const off = worldOf({ mailDomain: 'clock-off.example.com', nameOf: null, roles: { someone: 'OWNER' } });
const on = worldOf({
  env: { DEV_CLOCK_CONTROL: 'true' },
  mailDomain: 'clock.example.com',
  nameOf: null,
  org: { name: 'Clock Org' },
  roles: { owner: 'OWNER', member: 'MEMBER' },
  projects: { clock: { name: 'Clock Project', members: { member: ['NONE'] } } },
});

beforeAll(async () => {
  // Project settings between 12:00 and 14:00 in the organization's zone (Asia/Seoul by default).
  const group = await createRoleGroup(on.t.db, on.orgId, 'Lunch admins', [{ roleId: 'PROJECT_ROLE:ADMIN', conditions: [lunch] }], { projectId: on.projects.clock });
  await assignRoleGroup(on.t.db, on.orgId, on.projects.clock, group.id, [on.ids.member]);
});

const rename = () => on.t.call(on.as.member, api.updateProject, { params: { projectId: on.projects.clock }, body: { projectName: 'Clock Project' } });

describe('the dev clock, off (the default)', () => {
  it('answers 10404 to every method, like an unknown route, and moves nothing', async () => {
    // The three share one path (GET reads, PUT sets, DELETE resets).
    for (const [endpoint, body] of [
      [api.getDevClock, undefined],
      [api.setDevClock, { offsetMs: HOUR }],
      [api.resetDevClock, undefined],
    ] as const) {
      await off.t.expectRefusal(() => off.t.call(off.as.someone, endpoint, { body }), 404, 10404);
    }
    expect(off.t.config.devClockControl).toBe(false);
  });

  it('can never be on in production: the server refuses to start', () => {
    const SECRETS_KEY = Buffer.alloc(32, 1).toString('base64');
    expect(() => loadConfig({ NODE_ENV: 'production', SECRETS_KEY, DEV_CLOCK_CONTROL: 'true' })).toThrow(/DEV_CLOCK_CONTROL/);
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY, DEV_CLOCK_CONTROL: 'false' }).devClockControl).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEV_CLOCK_CONTROL: 'true' }).devClockControl).toBe(true);
  });
});

describe('the dev clock, on (DEV_CLOCK_CONTROL=true)', () => {
  it('needs a session', async () => {
    const response = await on.t.call(anonymous, api.getDevClock);
    expect(response.statusCode).toBe(401);
  });

  it('answers the shifted now; the permission engine decides by it', async () => {
    // 2026-11-22T09:00Z is 18:00 in Seoul: outside the lunch window.
    const start = await on.t.call(on.as.owner, api.getDevClock);
    expect(start.json()).toMatchObject({ header: { isSuccessful: true }, offsetMs: 0, now: '2026-11-22T09:00:00.000Z' });
    const refused = (await on.t.expectRefusal(rename, 403, -6)) as ErrorBody & PermissionDeniedExtra;
    expect(refused.failedConditions).toEqual([
      expect.objectContaining({ roleGroupName: 'Lunch admins', attributeId: 'TIME', validFrom: '2026-11-23T03:00:00.000Z' }),
    ]);

    // Back to 13:00 Seoul: inside the window.
    const moved = await on.t.call(on.as.owner, api.setDevClock, { body: { offsetMs: -5 * HOUR } });
    expect(moved.json()).toMatchObject({ header: { isSuccessful: true }, offsetMs: -5 * HOUR, now: '2026-11-22T04:00:00.000Z' });
    expect((await on.t.call(on.as.owner, api.getDevClock)).json()).toMatchObject({ offsetMs: -5 * HOUR, now: '2026-11-22T04:00:00.000Z' });
    const allowed = await rename();
    expect(allowed.statusCode, allowed.body).toBe(200);

    // The app's clock still runs beneath the offset.
    on.t.clock.advanceMinutes(10);
    expect((await on.t.call(on.as.owner, api.getDevClock)).json().now).toBe('2026-11-22T04:10:00.000Z');

    // 15:00 Seoul: outside again; the next valid moment is the next day's 12:00.
    await on.t.call(on.as.owner, api.setDevClock, { body: { offsetMs: -4 * HOUR - 10 * 60_000 } });
    const again = (await on.t.expectRefusal(rename, 403, -6)) as ErrorBody & PermissionDeniedExtra;
    expect(again.failedConditions[0]).toMatchObject({ validFrom: '2026-11-23T03:00:00.000Z' });

    const reset = await on.t.call(on.as.owner, api.resetDevClock);
    expect(reset.json()).toMatchObject({ header: { isSuccessful: true }, offsetMs: 0, now: '2026-11-22T09:10:00.000Z' });
  });

  it('refuses an offset that is not an integer within ±400 days, and keeps the one it had', async () => {
    const shift = 20 * 60_000;
    await on.t.call(on.as.owner, api.setDevClock, { body: { offsetMs: shift } });
    const limit = 400 * 24 * HOUR;
    for (const payload of [{ offsetMs: 1.5 }, { offsetMs: limit + 1 }, { offsetMs: -limit - 1 }, { offsetMs: '3600000' }, {}]) {
      const refusal = await on.t.expectRefusal(() => on.t.call(on.as.owner, api.setDevClock, { body: payload }), 400, 10001);
      expect(refusal.header.resultCode, JSON.stringify(payload)).toBe(10001);
    }
    expect((await on.t.call(on.as.owner, api.getDevClock)).json().offsetMs).toBe(shift);
    expect((await on.t.call(on.as.owner, api.setDevClock, { body: { offsetMs: -limit } })).json().offsetMs).toBe(-limit);
    expect((await on.t.call(on.as.owner, api.resetDevClock)).json().offsetMs).toBe(0);
  });

  it('moves session lifetimes too: two hours on, an idle session has ended', async () => {
    await on.t.call(on.as.owner, api.setDevClock, { body: { offsetMs: 2 * HOUR } });
    const ended = await on.t.call(on.as.member, api.getDevClock);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().header.resultCode).toBe(100);
    // A session begun at the shifted time lives on it.
    const fresh = await on.t.login(on.email('member'), FIXTURE_PASSWORD);
    expect((await on.t.call(fresh, api.resetDevClock)).json()).toMatchObject({ offsetMs: 0 });
  });
});
