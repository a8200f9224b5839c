import * as api from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { orgIpAcls } from '../../db/schema/index.ts';
import { untilListening } from '../../platform/auth-notify.ts';
import { statementsOf } from '../../test/statements.ts';
import { worldOf } from '../../test/world.ts';

/**
 * The network guard in the request path, as in production (AUTH_CACHE on): the rules are kept in
 * memory per authorization epoch, so a warm call under an IP ACL and a country rule sends exactly
 * the statements it sends without them; a change to the rules, by the API or by hand, is applied
 * at once to changes and once heard (sync) to reads.
 */
const w = worldOf({
  env: { AUTH_CACHE: 'on' },
  mailDomain: 'guard.example.com',
  nameOf: null,
  org: { name: 'Guard Org' },
  roles: { owner: 'OWNER' },
  projects: { guarded: { name: 'Guarded' } },
});

beforeAll(async () => {
  expect(await untilListening(w.t.app.authNotifications!)).toBe(true);
});

const getProject = () => w.t.call(w.as.owner, api.getProject, { params: { projectId: w.projects.guarded } });

async function warmStatements() {
  expect((await getProject()).statusCode).toBe(200);
  let status = 0;
  const statements = await statementsOf(async () => {
    status = (await getProject()).statusCode;
  }, w.t.db.$client);
  expect(status).toBe(200);
  return statements;
}

describe('network guard cost and invalidation', () => {
  it('adds no statement to a warm call, with or without rules', async () => {
    const without = await warmStatements();
    const saved = await w.t.call(w.as.owner, api.saveIpAcl, { params: { orgId: w.orgId }, body: { ipAclTypeCode: 'COMMON', ipAclSelection: 'SETTING', ips: ['127.0.0.0/8'] } });
    expect(saved.statusCode).toBe(200);
    const country = await w.t.call(w.as.owner, api.saveCountryIpAcl, { params: { orgId: w.orgId }, body: { settingType: 'USE', countryCodeList: ['KR'] } });
    expect(country.statusCode).toBe(200);
    const withRules = await warmStatements();
    expect(withRules, withRules.join('\n')).toHaveLength(without.length);
  });

  it('a rule changed by hand refuses the next change at once and the next read once heard', async () => {
    await w.t.db.update(orgIpAcls).set({ ips: ['10.0.0.0/8'] });
    const rename = await w.t.call(w.as.owner, api.updateProject, { params: { projectId: w.projects.guarded }, body: { projectName: 'Guarded', description: 'x' } });
    expect(rename.json().header.resultCode).toBe(-8);
    await w.t.app.authNotifications!.sync();
    expect((await getProject()).json().header.resultCode).toBe(-8);
    await w.t.db.update(orgIpAcls).set({ selection: 'NO_SETTING' });
    await w.t.app.authNotifications!.sync();
    expect((await getProject()).statusCode).toBe(200);
  });
});
