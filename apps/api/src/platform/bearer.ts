import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { accessTokens, iamMembers, members, userAccessKeys } from '../db/schema/index.ts';
import type { AuthNotifications } from './auth-notify.ts';
import type { Caller } from './context.ts';
import { AppError } from './errors.ts';
import { profileOf } from './caller-profile.ts';
import { authzEpochColumn, callerIamColumns, callerMemberColumns } from './session.repository.ts';
import { hashToken } from './tokens.ts';

/**
 * Bearer tokens (`Authorization: Bearer <token>`, modules/access-keys): a token issued from a user
 * access key acts as its key's holder — the same Caller a console session of that account gives, so
 * the permission engine decides exactly as for the holder's session (roles, role groups, conditions,
 * denies). What it costs is what a session costs: one prepared statement (token, key, account and the
 * authorization epoch together), kept in memory for reads while no notification says a token, key or
 * account changed (the triggers of migration 0011 notify the sessions channel), and `last_used_at`
 * written at most once a minute. Bearer calls carry no cookie, so they need no CSRF token.
 */

const TOUCH_INTERVAL_MS = 60_000;
const KEPT_MS = 30_000;
const KEPT_MAX = 10_000;

function prepareTokenByHash(db: Database) {
  return db
    .select({
      tokenId: accessTokens.id,
      expiresAt: accessTokens.expiresAt,
      revokedAt: accessTokens.revokedAt,
      lastUsedAt: accessTokens.lastUsedAt,
      keyStatus: userAccessKeys.status,
      memberType: userAccessKeys.memberType,
      memberId: userAccessKeys.memberId,
      iamMemberId: userAccessKeys.iamMemberId,
      member: callerMemberColumns,
      iam: { orgId: iamMembers.orgId, ...callerIamColumns },
      authzEpoch: authzEpochColumn(),
    })
    .from(accessTokens)
    .innerJoin(userAccessKeys, eq(userAccessKeys.id, accessTokens.accessKeyId))
    .leftJoin(members, eq(members.id, userAccessKeys.memberId))
    .leftJoin(iamMembers, eq(iamMembers.id, userAccessKeys.iamMemberId))
    .where(eq(accessTokens.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('access_token_by_hash');
}

type FoundToken = Awaited<ReturnType<ReturnType<typeof prepareTokenByHash>['execute']>>[number];

/** The token of an `Authorization: Bearer` header, when the request sends one. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  if (typeof value !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match ? match[1] : undefined;
}

function usable(found: FoundToken, now: Date): boolean {
  const account = found.member ?? found.iam;
  return (
    found.keyStatus === 'STABLE' &&
    !found.revokedAt &&
    found.expiresAt > now &&
    account?.status === 'STABLE' &&
    !found.member?.restrictTypes.includes('CONSOLE_BLOCK')
  );
}

function callerOf(found: FoundToken): Caller {
  const { iam, member } = found;
  return {
    sessionId: `token:${found.tokenId}`,
    accessTokenId: found.tokenId,
    memberType: found.memberType,
    uuid: (found.memberType === 'IAM' ? found.iamMemberId : found.memberId)!,
    orgId: iam?.orgId ?? null,
    domain: null,
    csrfToken: '',
    expiresAt: found.expiresAt,
    profile: profileOf(member, iam),
  };
}

export function createBearerAuth(db: Database, notifications: AuthNotifications | undefined) {
  let prepared: ReturnType<typeof prepareTokenByHash> | undefined;
  let generation = -1;
  let kept = new Map<string, { found: FoundToken; readAt: number }>();
  const current = () => {
    if (!notifications?.listening) return undefined;
    if (notifications.sessionGeneration !== generation) {
      generation = notifications.sessionGeneration;
      kept = new Map();
    }
    return kept;
  };

  async function read(tokenHash: string, now: Date): Promise<FoundToken | undefined> {
    const before = notifications?.listening ? notifications.sessionGeneration : undefined;
    prepared ??= prepareTokenByHash(db);
    const [found] = await prepared.execute({ tokenHash });
    if (found) notifications?.observeEpoch(found.authzEpoch);
    const map = current();
    if (map && found && before === generation && usable(found, now)) {
      if (map.size >= KEPT_MAX) map.clear();
      map.set(tokenHash, { found, readAt: now.getTime() });
    } else map?.delete(tokenHash);
    return found;
  }

  return {
    /**
     * Resolves a bearer token to its holder for the request, or refuses it (ACCESS_TOKEN_INVALID):
     * unknown, expired, revoked, its key deactivated, or its account no longer active.
     */
    async authenticate(token: string, reads: boolean, now: Date): Promise<{ caller: Caller; authzEpoch: number }> {
      const tokenHash = hashToken(token);
      const entry = reads ? current()?.get(tokenHash) : undefined;
      const fresh = entry && now.getTime() - entry.readAt < KEPT_MS && now.getTime() >= entry.readAt && usable(entry.found, now);
      const found = fresh ? entry.found : await read(tokenHash, now);
      if (!found || !usable(found, now)) throw new AppError('ACCESS_TOKEN_INVALID');
      if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
        // Last used, of the token and its key, in one statement at most once a minute.
        await db.execute(
          sql`with t as (update ${accessTokens} set last_used_at = ${now} where id = ${found.tokenId} returning access_key_id)
              update ${userAccessKeys} set last_used_at = ${now} where id in (select access_key_id from t)`,
        );
        found.lastUsedAt = now;
      }
      return { caller: callerOf(found), authzEpoch: fresh ? notifications!.epoch : found.authzEpoch };
    },
  };
}

export type BearerAuth = ReturnType<typeof createBearerAuth>;
