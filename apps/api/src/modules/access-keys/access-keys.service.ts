import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ACCESS_KEY_ROTATION_DAYS,
  TOKEN_EXPIRY_DEFAULT_SECONDS,
  USER_ACCESS_KEY_LIMIT,
  type AccessKeyStatus,
  type AccessToken,
  type UserAccessKey,
} from '@console/contracts';
import type { Database } from '../../db/client.ts';
import type { RequestContext, SignedInContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken, newSessionToken } from '../../platform/session.ts';
import { accessKeysRepository as repo, type Holder, type KeyRow, type TokenRow } from './access-keys.repository.ts';

const KEY_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const DAY_MS = 86_400_000;

/** A new public key id: 20 letters and digits. */
function newKeyId(): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += KEY_ID_ALPHABET[randomInt(KEY_ID_ALPHABET.length)];
  return id;
}

/** A new secret access key: 240 random bits. Kept only as its SHA-256 (enough for a random secret). */
const newSecret = () => randomBytes(30).toString('base64url');
const secretHashOf = (secret: string) => createHash('sha256').update(`user-access-key\u0000${secret}`).digest('hex');

function sameHash(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function keyView(key: KeyRow, activeTokenCount: number, now: Date): UserAccessKey {
  const since = key.reissuedAt ?? key.createdAt;
  return {
    userAccessKeyId: key.keyId,
    status: key.status,
    tokenExpirySeconds: key.tokenExpirySeconds,
    createdAt: key.createdAt.toISOString(),
    reissuedAt: key.reissuedAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    rotationAdvised: now.getTime() - since.getTime() >= ACCESS_KEY_ROTATION_DAYS * DAY_MS,
    activeTokenCount,
  };
}

export function tokenView(token: TokenRow, now: Date): AccessToken {
  const status = token.revokedAt ? 'REVOKED' : token.expiresAt <= now ? 'EXPIRED' : 'ACTIVE';
  return {
    tokenId: token.id,
    status,
    issuedAt: token.issuedAt.toISOString(),
    expiresAt: token.expiresAt.toISOString(),
    revokedAt: token.revokedAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
  };
}

const holderOf = (ctx: SignedInContext): Holder => ({ memberType: ctx.caller.memberType, uuid: ctx.caller.uuid });

/** Keys are managed from a console session only: a token cannot mint more credentials for itself. */
function requireConsoleSession(ctx: SignedInContext) {
  if (ctx.caller.accessTokenId) throw new AppError('CONSOLE_SESSION_REQUIRED');
}

export function createAccessKeysService(deps: { db: Database }) {
  const { db } = deps;

  async function ownKey(ctx: SignedInContext, keyId: string) {
    const found = await repo.findKey(db, holderOf(ctx), keyId, ctx.now());
    // Another account's key answers not-found, as if it did not exist.
    if (!found) throw new AppError('ACCESS_KEY_NOT_FOUND');
    return found;
  }

  return {
    async list(ctx: SignedInContext) {
      const now = ctx.now();
      const rows = await repo.listKeys(db, holderOf(ctx), now);
      return {
        userAccessKeys: rows.map((row) => keyView(row.key, row.activeTokenCount, now)),
        limit: USER_ACCESS_KEY_LIMIT,
        rotationDays: ACCESS_KEY_ROTATION_DAYS,
      };
    },

    async create(ctx: SignedInContext, tokenExpirySeconds: number | undefined) {
      requireConsoleSession(ctx);
      const holder = holderOf(ctx);
      const now = ctx.now();
      const secret = newSecret();
      const key = await db.transaction(async (tx) => {
        await repo.lockHolder(tx, holder);
        if ((await repo.countKeys(tx, holder)) >= USER_ACCESS_KEY_LIMIT) throw new AppError('ACCESS_KEY_LIMIT_EXCEEDED', { params: { limit: USER_ACCESS_KEY_LIMIT } });
        return repo.insertKey(tx, {
          keyId: newKeyId(),
          secretHash: secretHashOf(secret),
          memberType: holder.memberType,
          memberId: holder.memberType === 'IAM' ? null : holder.uuid,
          iamMemberId: holder.memberType === 'IAM' ? holder.uuid : null,
          status: 'STABLE',
          tokenExpirySeconds: tokenExpirySeconds ?? TOKEN_EXPIRY_DEFAULT_SECONDS,
          createdAt: now,
          locale: ctx.locale,
        });
      });
      return { userAccessKey: keyView(key, 0, now), secretAccessKey: secret };
    },

    async update(ctx: SignedInContext, keyId: string, change: { status?: AccessKeyStatus | undefined; tokenExpirySeconds?: number | undefined }) {
      requireConsoleSession(ctx);
      const found = await ownKey(ctx, keyId);
      const now = ctx.now();
      const { key, activeTokenCount } = await db.transaction(async (tx) => {
        const statusChanges = change.status !== undefined && change.status !== found.key.status;
        const updated = await repo.updateKey(tx, found.key.id, {
          ...(statusChanges ? { status: change.status, statusChangedAt: now } : {}),
          ...(change.tokenExpirySeconds === undefined ? {} : { tokenExpirySeconds: change.tokenExpirySeconds }),
        });
        // Spec §4: deactivating a key expires all its tokens (they stay expired if it is activated again).
        if (statusChanges && change.status === 'STOP') await repo.revokeTokensOf(tx, found.key.id, now);
        return { key: updated, activeTokenCount: change.status === 'STOP' ? 0 : found.activeTokenCount };
      });
      return { userAccessKey: keyView(key, activeTokenCount, now) };
    },

    async reissueSecret(ctx: SignedInContext, keyId: string) {
      requireConsoleSession(ctx);
      const found = await ownKey(ctx, keyId);
      const now = ctx.now();
      const secret = newSecret();
      const key = await db.transaction(async (tx) => {
        const updated = await repo.updateKey(tx, found.key.id, { secretHash: secretHashOf(secret), reissuedAt: now });
        // Whoever held the old secret may have issued tokens with it: they end with it.
        await repo.revokeTokensOf(tx, found.key.id, now);
        return updated;
      });
      return { userAccessKey: keyView(key, 0, now), secretAccessKey: secret };
    },

    async remove(ctx: SignedInContext, keyId: string) {
      requireConsoleSession(ctx);
      const found = await ownKey(ctx, keyId);
      if (found.key.status === 'STABLE') throw new AppError('ACCESS_KEY_ACTIVE');
      await repo.deleteKey(db, found.key.id);
      return {};
    },

    async listTokens(ctx: SignedInContext, keyId: string, page: number, limit: number) {
      const found = await ownKey(ctx, keyId);
      const now = ctx.now();
      const { tokens, total } = await repo.listTokens(db, found.key.id, page, limit);
      return {
        userAccessKey: keyView(found.key, found.activeTokenCount, now),
        tokens: tokens.map((token) => tokenView(token, now)),
        paging: { page, limit, totalCount: total },
      };
    },

    async revokeToken(ctx: SignedInContext, keyId: string, tokenId: string) {
      requireConsoleSession(ctx);
      const found = await ownKey(ctx, keyId);
      const token = await repo.findToken(db, found.key.id, tokenId);
      if (!token) throw new AppError('ACCESS_TOKEN_NOT_FOUND');
      const now = ctx.now();
      return { token: tokenView(await repo.revokeToken(db, token.id, now), now) };
    },

    /**
     * Issues a token from a key id and its secret (public: they are the credential). A wrong id or
     * secret, a deactivated key or an inactive account all answer ACCESS_KEY_INVALID alike.
     */
    async issueToken(ctx: RequestContext, body: { userAccessKeyId: string; secretAccessKey: string; expiresIn?: number | undefined }) {
      const found = await repo.keyForIssue(db, body.userAccessKeyId);
      const presented = secretHashOf(body.secretAccessKey);
      const matches = found !== undefined && sameHash(found.key.secretHash, presented);
      const accountActive = found && (found.memberStatus ?? found.iamStatus) === 'STABLE' && !found.memberRestrictions?.includes('CONSOLE_BLOCK');
      if (!found || !matches || found.key.status !== 'STABLE' || !accountActive) throw new AppError('ACCESS_KEY_INVALID');
      const now = ctx.now();
      const expiresIn = body.expiresIn ?? found.key.tokenExpirySeconds;
      const token = newSessionToken();
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertToken(tx, {
          accessKeyId: found.key.id,
          tokenHash: hashToken(token),
          issuedAt: now,
          expiresAt: new Date(now.getTime() + expiresIn * 1000),
          issuedFromIp: ctx.clientIp,
        });
        await repo.updateKey(tx, found.key.id, { lastUsedAt: now });
        return inserted;
      });
      return { accessToken: token, tokenType: 'Bearer' as const, expiresIn, expiresAt: row.expiresAt.toISOString(), tokenId: row.id };
    },
  };
}

export type AccessKeysService = ReturnType<typeof createAccessKeysService>;
