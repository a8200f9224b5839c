import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets kept at rest (service SecretKeys, project Appkey secrets, later TOTP seeds and webhook
 * secrets) are sealed with AES-256-GCM under SECRETS_KEY: `v1.<iv>.<tag>.<ciphertext>` in
 * base64url. Passwords and access-key secrets are never sealed: they are hashed (passwords.ts).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Answers undefined for a value that was not sealed under this key or was tampered with. */
  open(sealed: string): string | undefined;
  /** Whether `candidate` is the secret sealed in `sealed`, in constant time. */
  matches(sealed: string | null | undefined, candidate: string): boolean;
}

/**
 * Outside production without SECRETS_KEY, a fixed development key: a dev database's secrets are
 * then readable by anyone with this source, which is why production refuses to start without one.
 */
export const DEVELOPMENT_SECRETS_KEY = createHash('sha256').update('cloud-console development secrets key').digest();

export function createSecretBox(key: Buffer = DEVELOPMENT_SECRETS_KEY): SecretBox {
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
  const open = (sealed: string): string | undefined => {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  };
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open,
    matches(sealed, candidate) {
      if (!sealed) return false;
      const plain = open(sealed);
      if (plain === undefined) return false;
      const a = createHash('sha256').update(plain).digest();
      const b = createHash('sha256').update(candidate).digest();
      return timingSafeEqual(a, b);
    },
  };
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random key of `length` letters and digits (Appkeys 20, SecretKeys 8+ as the product wants). */
export function randomKey(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const byte = bytes[i]!;
    if (byte < 248) out += KEY_ALPHABET[byte % 62];
  }
  return out.length === length ? out : randomKey(length);
}
