import { describe, expect, it } from 'vitest';
import { isFollowablePath } from './local-path.ts';
import { isLocalPath, LocalPathSchema } from './validation.ts';

/** nextUrl / returnUrl: what the server accepts and the web follows after sign-in (features/auth/navigation.ts). */
describe('paths inside the console', () => {
  it.each(['/', '/org/1/dashboard', '/org/1/member?tab=iam&q=%20a#top', '/login?domain=demo-corp', '/%2F%2Fevil.example.com'])('takes %j', (path) => {
    expect(isLocalPath(path)).toBe(true);
    expect(isFollowablePath(path)).toBe(true);
  });

  it.each([
    '/\t/evil.example.com',
    '/\n/evil.example.com',
    '/\r\n/evil.example.com',
    '/\u0000/x',
    '/\u007f/x',
    '/\u0085/x',
    '/\u00a0/x',
    '/ /evil.example.com',
    '/\\evil.example.com',
    '/a/\\b',
    '//evil.example.com',
    'https://evil.example.com',
    'javascript:alert(1)',
    'org/1',
    '',
  ])('refuses %j', (path) => {
    expect(isLocalPath(path)).toBe(false);
    expect(isFollowablePath(path)).toBe(false);
    expect(LocalPathSchema.safeParse(path).error?.issues[0]?.message).toBe('validation.localPath');
  });

  it('follows what the server would take as a nextUrl, and no longer path (the web checks without zod)', () => {
    for (const path of ['/org/1', `/${'a'.repeat(2047)}`, `/${'a'.repeat(2048)}`]) {
      expect(isFollowablePath(path)).toBe(LocalPathSchema.safeParse(path).success);
    }
    expect(isFollowablePath(`/${'a'.repeat(2048)}`)).toBe(false);
  });
});
