import * as api from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { orgIpAcls } from '../../db/schema/index.ts';
import { untilListening } from '../../platform/auth-notify.ts';
import { createMember, createOrg, createProject, FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { buildTestApp, type Caller, type TestApp } from '../../test/helper.ts';
import { statementsOf } from '../../test/statements.ts';

/**
 * The network guard in the request path, as in production (AUTH_CACHE on): the rules are kept in
 * memory per authorization epoch, so a warm call under an IP ACL and a country rule sends exactly
 * the statements it sends without them; a change to the rules, by the API or by hand, is applied
 * at once to changes and once heard (sync) to reads.
 */
let t: TestApp;
let owner: Caller;
let orgId: string;
let projectId: string;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000', AUTH_CACHE: 'on' });
  expect(await untilListening(t.app.authNotifications!)).toBe(true);
  const ownerId = (await createMember(t.db, 'owner@guard.example.com')).id;
  orgId = (await createOrg(t.db, 'Guard Org', ownerId)).id;
  projectId = (await createProject(t.db, orgId, 'Guarded', ownerId)).id;
  owner = await t.login('owner@guard.example.com', FIXTURE_PASSWORD);
});

const getProject = () => t.call(owner, api.getProject, { params: { projectId } });

async function warmStatements() {
  expect((await getProject()).statusCode).toBe(200);
  let status = 0;
  const statements = await statementsOf(async () => {
    status = (await getProject()).statusCode;
  }, t.db.$client);
  expect(status).toBe(200);
  return statements;
}

describe('network guard cost and invalidation', () => {
  it('adds no statement to a warm call, with or without rules', async () => {
    const without = await warmStatements();
    const saved = await t.call(owner, api.saveIpAcl, { params: { orgId }, body: { ipAclTypeCode: 'COMMON', ipAclSelection: 'SETTING', ips: ['127.0.0.0/8'] } });
    expect(saved.statusCode).toBe(200);
    const country = await t.call(owner, api.saveCountryIpAcl, { params: { orgId }, body: { settingType: 'USE', countryCodeList: ['KR'] } });
    expect(country.statusCode).toBe(200);
    const withRules = await warmStatements();
    expect(withRules, withRules.join('\n')).toHaveLength(without.length);
  });

  it('a rule changed by hand refuses the next change at once and the next read once heard', async () => {
    await t.db.update(orgIpAcls).set({ ips: ['10.0.0.0/8'] });
    const rename = await t.call(owner, api.updateProject, { params: { projectId }, body: { projectName: 'Guarded', description: 'x' } });
    expect(rename.json().header.resultCode).toBe(-8);
    await t.app.authNotifications!.sync();
    expect((await getProject()).json().header.resultCode).toBe(-8);
    await t.db.update(orgIpAcls).set({ selection: 'NO_SETTING' });
    await t.app.authNotifications!.sync();
    expect((await getProject()).statusCode).toBe(200);
  });
});
