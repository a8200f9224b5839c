import { describe, expect, it } from 'vitest';
import { featureGateRedirect } from './feature-gate.ts';
import { legacyRedirect } from './legacy-redirects.ts';
import { partnerRedirectTarget } from './partner-redirect.ts';
import { consoleFeatures } from '../../test/fixtures.ts';

const features = consoleFeatures;

describe('legacyRedirect', () => {
  it('renames a customDashboard segment anywhere in the path and keeps the rest and the search', () => {
    expect(legacyRedirect('/org/o1/customDashboard/dashboard', '?id=3')).toBe('/org/o1/custom-dashboard/dashboard?id=3');
    expect(legacyRedirect('/project/p1/customDashboard', '')).toBe('/project/p1/custom-dashboard');
    expect(legacyRedirect('/org/o1/custom-dashboard/customDashboard/alarm')).toBe(
      '/org/o1/custom-dashboard/custom-dashboard/alarm',
    );
  });

  it('renames /securitySetting and what follows it', () => {
    expect(legacyRedirect('/securitySetting', '?tab=key')).toBe('/security-setting?tab=key');
    expect(legacyRedirect('/securitySetting/AK123/tokens')).toBe('/security-setting/AK123/tokens');
  });

  it('leaves current paths and look-alikes alone', () => {
    expect(legacyRedirect('/org/o1/custom-dashboard')).toBeUndefined();
    expect(legacyRedirect('/org/o1/customDashboards')).toBeUndefined();
    expect(legacyRedirect('/securitySettings')).toBeUndefined();
    expect(legacyRedirect('/org/o1/securitySetting')).toBeUndefined();
    expect(legacyRedirect('/')).toBeUndefined();
  });
});

describe('partnerRedirectTarget', () => {
  const config = { features: features(), partnerCenterUrl: 'https://partner.example.com/' };

  it.each([
    ['/partners/notice/detail', '?id=1', 'https://partner.example.com/notice/detail?id=1'],
    ['/partners/users', '', 'https://partner.example.com/users'],
    ['/partners/join', '', 'https://partner.example.com/join'],
    ['/partners/intro', '', 'https://partner.example.com/intro'],
    ['/partners/setting', '', 'https://partner.example.com/setting'],
    ['/partners/usages', '?month=2026-10', 'https://partner.example.com/usages?month=2026-10'],
    ['/partners/userBilling', '', 'https://partner.example.com/userBilling'],
    ['/partners/notices/cat-7', '', 'https://partner.example.com/notices/cat-7'],
    ['/partners/notice/n-9', '', 'https://partner.example.com/notice/n-9'],
  ])('sends %s%s to the partner center', (path, search, target) => {
    expect(partnerRedirectTarget(path, search, config)).toBe(target);
  });

  it('shows not-found when the partner feature is off', () => {
    expect(
      partnerRedirectTarget('/partners/users', '', { ...config, features: features({ partner: false }) }),
    ).toBeUndefined();
  });

  it('shows not-found for partner paths the partner center does not have', () => {
    expect(partnerRedirectTarget('/partners', '', config)).toBeUndefined();
    expect(partnerRedirectTarget('/partners/', '', config)).toBeUndefined();
    expect(partnerRedirectTarget('/partners/unknown', '', config)).toBeUndefined();
    expect(partnerRedirectTarget('/partnersx/users', '', config)).toBeUndefined();
  });
});

describe('featureGateRedirect', () => {
  it('lets the page load when the route has no feature or the feature is on', () => {
    expect(featureGateRedirect(undefined, { features: features() }, {})).toBeUndefined();
    expect(featureGateRedirect('station', { features: features() }, { orgId: 'o1' })).toBeUndefined();
  });

  it('sends the user to the dashboard of the project, else of the organization, else home', () => {
    const off = { features: features({ customDashboard: false }) };
    expect(featureGateRedirect('customDashboard', off, { projectId: 'p1', orgId: 'o1' })).toBe('/project/p1/dashboard');
    expect(featureGateRedirect('customDashboard', off, { orgId: 'o1' })).toBe('/org/o1/dashboard');
    expect(featureGateRedirect('customDashboard', off, {})).toBe('/');
  });
});
