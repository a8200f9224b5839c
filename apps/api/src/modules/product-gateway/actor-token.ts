import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The caller header the iframe proxy adds to every request it forwards to a product
 * (`X-Console-Actor`), so the product knows who acts and in which project without ever seeing the
 * console's session or a SecretKey:
 *
 *     v1.<base64url(JSON claims)>.<base64url(HMAC-SHA256(key, "v1." + claims part))>
 *
 * Claims: sub (member or IAM account id), typ (TOAST_CLOUD | IAM), name, email, org, prj (project
 * id; null for an organization service), pid (product id), ak (the project's — or organization's —
 * Appkey for that product), lang, write (the caller may change things: Project.Product.Update, or
 * SaaS OWNER/ADMIN), saas (organization mode: the caller's SaaS role), via (SESSION: a console session; TOKEN: an access token
 * of the caller's user access key, platform/bearer.ts), iat and exp (seconds; 60 s of life). The key is
 * PRODUCT_PROXY_SECRET, shared with the product (docs/products.md); the product must check the
 * signature, `exp` and that `pid` is its own id.
 */
export const ACTOR_HEADER = 'x-console-actor';
export const ACTOR_TOKEN_TTL_SECONDS = 60;

export interface ActorClaims {
  sub: string;
  typ: 'TOAST_CLOUD' | 'IAM';
  name: string;
  email: string;
  org: string;
  /** The project; null in organization mode (an organization service's page, `?orgId=`). */
  prj: string | null;
  pid: string;
  ak: string;
  lang: string;
  write: boolean;
  /** Organization mode only: the caller's SaaS role in the service (OWNER, ADMIN, MEMBER, VIEWER). */
  saas?: string;
  /** Always set by the proxy; absent in headers signed before it was added (read as SESSION). */
  via?: 'SESSION' | 'TOKEN';
  iat: number;
  exp: number;
}

const mac = (key: string, data: string) => createHmac('sha256', key).update(data).digest('base64url');

/** The key that signs actor headers: PRODUCT_PROXY_SECRET, else one derived from the secrets key (so it is stable across restarts). */
export function productProxyKeyOf(configured: string | undefined, secretsKey: Buffer): string {
  return configured ?? createHmac('sha256', secretsKey).update('product-proxy actor header').digest('base64url');
}

export function signActorToken(key: string, claims: Omit<ActorClaims, 'iat' | 'exp'>, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const body = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + ACTOR_TOKEN_TTL_SECONDS })).toString('base64url');
  return `v1.${body}.${mac(key, `v1.${body}`)}`;
}

/** The claims of a token signed with `key` that has not expired, else undefined (the product's check, here for tests). */
export function readActorToken(key: string, token: string, now: Date): ActorClaims | undefined {
  const [version, body, signature] = token.split('.');
  if (version !== 'v1' || !body || !signature) return undefined;
  const expected = Buffer.from(mac(key, `v1.${body}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ActorClaims;
    return claims.exp > now.getTime() / 1000 ? claims : undefined;
  } catch {
    return undefined;
  }
}
