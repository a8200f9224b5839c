import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword } from './passwords.ts';

/**
 * The cost every password the console stores is hashed at. The API suite's fixture accounts are
 * hashed at a test cost (test/fixtures.ts); this pins the production one.
 */
describe('hashPassword', () => {
  it("hashes with argon2id at OWASP's minimum cost (19 MiB, two passes, one lane), and the hash verifies", async () => {
    const stored = await hashPassword('Console#2026');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(stored, 'Console#2026')).toBe(true);
    expect(await verify(stored, 'console#2026')).toBe(false);
  });
});
