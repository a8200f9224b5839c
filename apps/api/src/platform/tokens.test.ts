import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newSessionToken } from './tokens.ts';

describe('hashToken', () => {
  it('is the hex SHA-256 of the token, as every stored token hash was written (FIPS 180-2 vector and a session token)', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const token = newSessionToken();
    expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    // A token is UTF-8 text: a non-ASCII one hashes its UTF-8 bytes, as createHash().update() did.
    expect(hashToken('세션é')).toBe(createHash('sha256').update('세션é', 'utf8').digest('hex'));
  });
});
