import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { projectAuthentications, projectProducts } from '../db/schema/index.ts';
import type { SecretBox } from './secrets.ts';

/**
 * Who an Appkey and SecretKey pair speaks for. A service Appkey (spec §3 ProductInUse) names one
 * product enabled in one project; a project Appkey (§3 ProjectAppKey, "Authentications v4") names
 * a project and any product in use there. Products outside the console (the sample product,
 * ingestion) authenticate this way, never with a person's session.
 */
export type AppKeyIdentity =
  | { kind: 'SERVICE'; orgId: string; projectId: string; productId: string }
  | { kind: 'PROJECT'; orgId: string; projectId: string; authId: string; ipAclList: string[] };

/** Why a pair was refused; callers answer all of them alike to the client (no oracle). */
export type AppKeyRefusal = 'UNKNOWN' | 'WRONG_SECRET' | 'NOT_STABLE';

/**
 * Looks the Appkey up across organizations (the caller holds no organization yet: the key is
 * what names it — see decisions "Queries not filtered by org_id"), then checks the SecretKey in
 * constant time and the key's status. A project Appkey's last-used time moves at most once a minute.
 */
export async function verifyAppKey(
  db: Executor,
  box: SecretBox,
  appKey: string,
  secretKey: string,
  now: Date,
): Promise<{ ok: true; identity: AppKeyIdentity } | { ok: false; reason: AppKeyRefusal }> {
  if (!/^[A-Za-z0-9]{8,64}$/.test(appKey) || secretKey.length === 0 || secretKey.length > 256) return { ok: false, reason: 'UNKNOWN' };
  const [service] = await db
    .select({
      orgId: projectProducts.orgId,
      projectId: projectProducts.projectId,
      productId: projectProducts.productId,
      secretKeyEnc: projectProducts.secretKeyEnc,
      statusCode: projectProducts.statusCode,
    })
    .from(projectProducts)
    .where(eq(projectProducts.appKey, appKey));
  if (service) {
    if (!box.matches(service.secretKeyEnc, secretKey)) return { ok: false, reason: 'WRONG_SECRET' };
    if (service.statusCode !== 'STABLE') return { ok: false, reason: 'NOT_STABLE' };
    return { ok: true, identity: { kind: 'SERVICE', orgId: service.orgId, projectId: service.projectId, productId: service.productId } };
  }
  const [project] = await db
    .select({
      authId: projectAuthentications.authId,
      orgId: projectAuthentications.orgId,
      projectId: projectAuthentications.projectId,
      secretKeyEnc: projectAuthentications.secretKeyEnc,
      authStatus: projectAuthentications.authStatus,
      ipAclList: projectAuthentications.ipAclList,
    })
    .from(projectAuthentications)
    .where(eq(projectAuthentications.authKey, appKey));
  if (!project) return { ok: false, reason: 'UNKNOWN' };
  if (!box.matches(project.secretKeyEnc, secretKey)) return { ok: false, reason: 'WRONG_SECRET' };
  if (project.authStatus !== 'STABLE') return { ok: false, reason: 'NOT_STABLE' };
  await db
    .update(projectAuthentications)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(projectAuthentications.orgId, project.orgId),
        eq(projectAuthentications.authId, project.authId),
        sql`(${projectAuthentications.lastUsedAt} is null or ${projectAuthentications.lastUsedAt} < ${now}::timestamptz - interval '1 minute')`,
      ),
    );
  return {
    ok: true,
    identity: { kind: 'PROJECT', orgId: project.orgId, projectId: project.projectId, authId: project.authId, ipAclList: project.ipAclList },
  };
}
