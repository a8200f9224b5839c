import { describe, expect, it } from 'vitest';
import { createSecretBox, randomKey } from './secrets.ts';

describe('secret box', () => {
  it('seals so that only the same key opens, and a changed byte is refused', () => {
    const box = createSecretBox(Buffer.alloc(32, 7));
    const sealed = box.seal('s3cret-Key');
    expect(sealed).not.toContain('s3cret');
    expect(box.open(sealed)).toBe('s3cret-Key');
    expect(box.seal('s3cret-Key')).not.toBe(sealed);
    expect(createSecretBox(Buffer.alloc(32, 8)).open(sealed)).toBeUndefined();
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), (parts[3]![0] === 'A' ? 'B' : 'A') + parts[3]!.slice(1)].join('.');
    expect(box.open(tampered)).toBeUndefined();
    expect(box.matches(sealed, 's3cret-Key')).toBe(true);
    expect(box.matches(sealed, 's3cret-Kez')).toBe(false);
    expect(box.matches(null, '')).toBe(false);
  });

  it('makes keys of letters and digits of the length asked', () => {
    const keys = new Set(Array.from({ length: 200 }, () => randomKey(20)));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});
