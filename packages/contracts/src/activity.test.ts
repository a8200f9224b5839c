import { describe, expect, it } from 'vitest';
import { ACTIVITY_RULES, NOT_ACTIVITIES } from './activity-rules.ts';
import { ENDPOINTS } from './endpoints.ts';

const call = (status: string) => ({ params: {}, body: { status }, response: {}, nameBefore: null }) as never;

describe('activity rules', () => {
  it('decide for every mutating endpoint whether it is an activity', () => {
    const undecided = ENDPOINTS.filter(
      (endpoint) => endpoint.method !== 'GET' && !ACTIVITY_RULES.has(endpoint.id) && !NOT_ACTIVITIES.has(endpoint.id),
    ).map((endpoint) => endpoint.id);
    expect(undecided).toEqual([]);
  });

  it('name only endpoints that exist and change something, each in one list', () => {
    const byId = new Map(ENDPOINTS.map((endpoint) => [endpoint.id, endpoint]));
    for (const id of [...ACTIVITY_RULES.keys(), ...NOT_ACTIVITIES]) {
      expect(byId.get(id)?.method, id).not.toBe('GET');
      expect(byId.has(id), id).toBe(true);
    }
    expect([...ACTIVITY_RULES.keys()].filter((id) => NOT_ACTIVITIES.has(id))).toEqual([]);
  });

  it('picks the action from the call where it depends on it', () => {
    const rule = ACTIVITY_RULES.get('iam.updateIamMemberStatus')!;
    expect(rule.action(call('BLOCKED'))).toBe('IAM_ACCOUNT_SUSPEND');
    expect(rule.action(call('STABLE'))).toBe('IAM_ACCOUNT_RESUME');
  });
});
