import { describe, expect, it } from 'vitest';
import * as alarms from './alarms.ts';
import * as auth from './auth.ts';
import { ENDPOINTS } from './endpoints.ts';
import * as organizations from './organizations.ts';

describe('ENDPOINTS (collected from the contract files)', () => {
  it('holds each endpoint once, ids unique, and each method and path once', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(250);
    expect(new Set(ENDPOINTS.map((endpoint) => endpoint.id)).size).toBe(ENDPOINTS.length);
    expect(new Set(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).size).toBe(ENDPOINTS.length);
  });

  it('finds endpoints exported one by one and those inside an exported group', () => {
    expect(ENDPOINTS).toContain(auth.memberLogin);
    expect(ENDPOINTS).toContain(organizations.createOrganization);
    for (const endpoint of Object.values(alarms.orgAlarmGroups)) expect(ENDPOINTS).toContain(endpoint);
  });
});
