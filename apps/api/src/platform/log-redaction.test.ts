import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides the token of invitation and password-setup calls, and only that', () => {
    const token = 'Zq3x-_9aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789';
    expect(redactUrl(`/api/cab/v5/invitations/${token}`)).toBe('/api/cab/v5/invitations/[redacted]');
    expect(redactUrl(`/api/cab/v5/invitations/${token}/accept?x=1`)).toBe('/api/cab/v5/invitations/[redacted]/accept?x=1');
    expect(redactUrl(`/api/iam/v7/password-setup/${token}`)).toBe('/api/iam/v7/password-setup/[redacted]');
    const orgInvitation = '/api/cab/v5/organizations/1b4e28ba-2fa1-11d2-883f-0016d3cca427/invitations/6f1c/resend';
    expect(redactUrl(orgInvitation)).toBe(orgInvitation);
    expect(redactUrl('/api/cab/v6/projects?page=1')).toBe('/api/cab/v6/projects?page=1');
  });
});
