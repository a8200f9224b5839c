import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Seals the SecretKeys the product keeps (AES-256-GCM): `v1.<iv>.<tag>.<data>` in base64url. */
export function createSealer(key: Buffer) {
  if (key.length !== 32) throw new Error('The product secrets key must be 32 bytes');
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed: string): string | undefined {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
export type Sealer = ReturnType<typeof createSealer>;

/** Who acts, as the console's iframe proxy says in its signed X-Console-Actor header (docs/products.md). */
export interface Actor {
  sub: string;
  typ: 'TOAST_CLOUD' | 'IAM';
  name: string;
  email: string;
  org: string;
  /** null for an organization service's page (Email Insights). */
  prj: string | null;
  pid: string;
  ak: string;
  lang: string;
  write: boolean;
  /** An organization service's page: the caller's SaaS role. */
  saas?: string;
  iat: number;
  exp: number;
}

/** The claims of a header signed with the shared key, unexpired and for this product; else undefined. */
export function readActor(key: string | undefined, header: string | undefined, productId: string, now: Date): Actor | undefined {
  if (!key || !header) return undefined;
  const [version, body, signature] = header.split('.');
  if (version !== 'v1' || !body || !signature) return undefined;
  const expected = Buffer.from(createHmac('sha256', key).update(`v1.${body}`).digest('base64url'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Actor;
    if (claims.pid !== productId || !(claims.exp > now.getTime() / 1000)) return undefined;
    return claims;
  } catch {
    return undefined;
  }
}
