import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact.ts';

describe('redactSecrets', () => {
  it('replaces secrets at any depth and keeps ids, numbers and the rest', () => {
    expect(
      redactSecrets({
        password: 'p',
        nested: { secretAccessKey: 's', list: [{ accessToken: 't' }], userAccessKeyId: 'KEY', tokenId: 'id' },
        renewPeriods: { iaasApiPassword: 30 },
        orgName: 'Org',
        credential: { a: 1 },
      }),
    ).toEqual({
      password: '[redacted]',
      nested: { secretAccessKey: '[redacted]', list: [{ accessToken: '[redacted]' }], userAccessKeyId: 'KEY', tokenId: 'id' },
      renewPeriods: { iaasApiPassword: 30 },
      orgName: 'Org',
      credential: '[redacted]',
    });
  });
});
