import { PROJECT_APP_KEY_LIMIT, validationMessage } from '@console/contracts';
import type { AuthenticationInputSchema, UpdateAuthenticationInputSchema } from '@console/contracts';
import type { z } from 'zod';
import { orgProducts, projectAuthentications, projectProducts } from '../../db/schema/index.ts';
import { verifyAppKey } from '../../platform/app-keys.ts';
import { grantOf, projectGrantOf, type RequestContext, type SignedInContext } from '../../platform/context.ts';
import { AppError, invalidFields } from '../../platform/errors.ts';
import { randomKey } from '../../platform/secrets.ts';
import { and, eq } from 'drizzle-orm';
import { productsRepository as repo } from './products.repository.ts';
import { activity, type ProductsDeps, type ProductsShared } from './products.shared.ts';

/** Service Appkeys (URL & Appkey, SecretKey reissue), project Appkeys (authentications v4) and what products report. */
export function createAppKeyMethods(deps: ProductsDeps, shared: ProductsShared) {
  const { db, authorizer, box } = deps;
  const { notify, productUrlOf, toProductInUse, projectGrantFor, toAuthentication } = shared;
  return {
    // ---- keys ----

    /**
     * A service in use with its keys. The Appkey needs Project.Product.Get (the route's check);
     * the SecretKey is shown to those who may reissue it (Project.Product.Update), and never when
     * the menu entry denies showing keys.
     */
    async projectProduct(ctx: SignedInContext, productId: string) {
      const grant = projectGrantOf(ctx);
      const row = await repo.projectProduct(db, grant.orgId, grant.projectId, productId);
      const product = await repo.product(db, productId);
      if (!row || !product) throw new AppError('NOT_FOUND');
      const uis = await repo.productUis(db, { productId });
      const deny = uis.some((entry) => entry.ui.parentProductUiId === null && entry.ui.denyShowAppKeySecretKey);
      const canUpdate = grant.view.has('Project.Product.Update');
      const answer = toProductInUse(product, row, await productUrlOf(productId), canUpdate && !deny);
      return { product: deny ? { ...answer, appKey: '', secretKey: null } : answer, hasUpdateSecretKeyPermission: canUpdate && !deny && product.secretKeyCode === 'T' };
    },

    async orgProduct(ctx: SignedInContext, productId: string) {
      const grant = grantOf(ctx);
      const row = await repo.orgProduct(db, grant.orgId, productId);
      const product = await repo.product(db, productId);
      if (!row || !product) throw new AppError('NOT_FOUND');
      const saas = ctx.caller.memberType === 'TOAST_CLOUD' ? await repo.saasMember(db, grant.orgId, productId, ctx.caller.uuid) : undefined;
      return {
        product: toProductInUse(product, row, await productUrlOf(productId), true),
        hasUpdateSecretKeyPermission: product.secretKeyCode === 'T',
        saasRole: saas?.row.role ?? null,
      };
    },

    /**
     * A new SecretKey for a service Appkey (project or organization). The old one stops working
     * with the commit: verifyAppKey reads the sealed key of the row. Another organization's Appkey
     * answers not-found, as an Appkey that does not exist.
     */
    async regenerateSecretKey(ctx: SignedInContext, appKey: string, bodyAppKey: string) {
      if (appKey !== bodyAppKey) {
        throw invalidFields({ field: 'body.appKey', message: validationMessage('validation.format.invalid', ctx.lang) });
      }
      const secretKey = randomKey(32);
      const now = ctx.now();
      const service = await repo.projectProductByAppKey(db, appKey);
      if (service) {
        const grant = await authorizer.projectGrant(ctx.caller, service.projectId, ctx);
        if (!grant || grant.orgId !== service.orgId) throw new AppError('NOT_FOUND');
        await authorizer.requirePermissions(grant, ['Project.Product.Update']);
        const product = await repo.product(db, service.productId);
        if (!product || product.secretKeyCode !== 'T') throw new AppError('NOT_FOUND');
        await db.transaction(async (tx) => {
          const updated = await tx
            .update(projectProducts)
            .set({ secretKeyEnc: box.seal(secretKey), secretKeyIssuedAt: now })
            .where(and(eq(projectProducts.orgId, service.orgId), eq(projectProducts.appKey, appKey)))
            .returning({ appKey: projectProducts.appKey });
          if (updated.length === 0) throw new AppError('NOT_FOUND');
          await activity(tx, ctx, service.orgId, service.projectId, 'APPKEY_SECRET_REISSUE', { type: 'PRODUCT', id: product.productId, name: product.productName });
          await deps.secretKeyReissued?.(tx, { orgId: service.orgId, projectId: service.projectId, productId: product.productId, appKey, occurredAt: now });
          await notify(tx, ctx, { orgId: service.orgId, projectId: service.projectId, eventType: 'SECRET_KEY_REGENERATED', params: { productId: product.productId, productName: product.productName } });
        });
        return { secretKey };
      }
      const orgService = await repo.orgProductByAppKey(db, appKey);
      if (orgService) {
        const grant = await authorizer.orgGrant(ctx.caller, orgService.orgId, ctx);
        if (!grant) throw new AppError('NOT_FOUND');
        await authorizer.requirePermissions(grant, ['Organization.Setting.Update']);
        const product = await repo.product(db, orgService.productId);
        if (!product || product.secretKeyCode !== 'T') throw new AppError('NOT_FOUND');
        await db.transaction(async (tx) => {
          await tx
            .update(orgProducts)
            .set({ secretKeyEnc: box.seal(secretKey), secretKeyIssuedAt: now })
            .where(and(eq(orgProducts.orgId, orgService.orgId), eq(orgProducts.appKey, appKey)));
          await activity(tx, ctx, orgService.orgId, null, 'APPKEY_SECRET_REISSUE', { type: 'PRODUCT', id: product.productId, name: product.productName });
          await deps.secretKeyReissued?.(tx, { orgId: orgService.orgId, projectId: null, productId: product.productId, appKey, occurredAt: now });
          await notify(tx, ctx, { orgId: orgService.orgId, projectId: null, eventType: 'SECRET_KEY_REGENERATED', params: { productId: product.productId, productName: product.productName } });
        });
        return { secretKey };
      }
      throw new AppError('NOT_FOUND');
    },

    // ---- project Appkeys ----

    async listAuthentications(ctx: SignedInContext) {
      const grant = projectGrantOf(ctx);
      const showSecret = grant.view.has('Project.ProjectAppKey.Update');
      return { authenticationList: (await repo.authentications(db, grant.orgId, grant.projectId)).map((row) => toAuthentication(row, showSecret)) };
    },

    async createAuthentication(ctx: SignedInContext, input: z.output<typeof AuthenticationInputSchema> & { projectId: string }) {
      const grant = await projectGrantFor(ctx, input.projectId, ['Project.ProjectAppKey.Create']);
      if (input.authType === 'PROJECT_IP_ACL' && input.ipAclList.length === 0) {
        throw invalidFields({ field: 'body.authentication.ipAclList', message: validationMessage('validation.required', ctx.lang) });
      }
      const now = ctx.now();
      const row = await db.transaction(async (tx) => {
        if (!(await repo.lockProject(tx, grant.orgId, input.projectId))) throw new AppError('PROJECT_NOT_EXIST');
        if ((await repo.authentications(tx, grant.orgId, input.projectId)).length >= PROJECT_APP_KEY_LIMIT) {
          throw new AppError('PROJECT_APPKEY_LIMIT_EXCEEDED');
        }
        const [inserted] = await tx
          .insert(projectAuthentications)
          .values({
            orgId: grant.orgId,
            projectId: input.projectId,
            authAlias: input.authAlias,
            authCategory: input.authCategory,
            authType: input.authType,
            authKey: randomKey(20),
            secretKeyEnc: box.seal(randomKey(32)),
            ipAclList: [...new Set(input.ipAclList)],
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await activity(tx, ctx, grant.orgId, input.projectId, 'PROJECT_APPKEY_CREATE', { type: 'APPKEY', id: inserted!.authId, name: inserted!.authAlias });
        return inserted!;
      });
      return { authentication: toAuthentication(row, true) };
    },

    /** The alias, IP ACL and status STABLE/STOP; a BLOCKED key is the operator's and stays as it is. */
    async updateAuthentication(ctx: SignedInContext, authId: string, input: z.output<typeof UpdateAuthenticationInputSchema>) {
      const found = await repo.authenticationById(db, authId);
      const grant = found ? await authorizer.projectGrant(ctx.caller, found.projectId, ctx) : undefined;
      if (!found || !grant || grant.orgId !== found.orgId) throw new AppError('NOT_FOUND');
      await authorizer.requirePermissions(grant, ['Project.ProjectAppKey.Update']);
      const row = await db.transaction(async (tx) => {
        const current = await repo.lockAuthentication(tx, found.orgId, authId);
        if (!current) throw new AppError('NOT_FOUND');
        if (input.authStatus && current.authStatus === 'BLOCKED') {
          throw invalidFields({ field: 'body.authentication.authStatus', message: validationMessage('validation.value.oneOf', ctx.lang) });
        }
        const [updated] = await tx
          .update(projectAuthentications)
          .set({
            ...(input.authAlias === undefined ? {} : { authAlias: input.authAlias }),
            ...(input.ipAclList === undefined ? {} : { ipAclList: [...new Set(input.ipAclList)] }),
            ...(input.authStatus === undefined ? {} : { authStatus: input.authStatus }),
            updatedAt: ctx.now(),
          })
          .where(and(eq(projectAuthentications.orgId, found.orgId), eq(projectAuthentications.authId, authId)))
          .returning();
        await activity(tx, ctx, found.orgId, found.projectId, 'PROJECT_APPKEY_UPDATE', { type: 'APPKEY', id: authId, name: updated!.authAlias });
        return updated!;
      });
      return { authentication: toAuthentication(row, true) };
    },

    async deleteAuthentication(ctx: SignedInContext, authId: string, projectId: string) {
      const found = await repo.authenticationById(db, authId);
      const grant = found && found.projectId === projectId ? await authorizer.projectGrant(ctx.caller, found.projectId, ctx) : undefined;
      if (!found || !grant || grant.orgId !== found.orgId) throw new AppError('NOT_FOUND');
      await authorizer.requirePermissions(grant, ['Project.ProjectAppKey.Delete']);
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(projectAuthentications)
          .where(and(eq(projectAuthentications.orgId, found.orgId), eq(projectAuthentications.authId, authId)))
          .returning({ authId: projectAuthentications.authId });
        if (deleted.length === 0) throw new AppError('NOT_FOUND');
        await activity(tx, ctx, found.orgId, found.projectId, 'PROJECT_APPKEY_DELETE', { type: 'APPKEY', id: authId, name: found.authAlias });
      });
      return { authId };
    },

    // ---- what products report ----

    /** A product's resource count in the project of its service Appkey; a project Appkey names no product and is refused. */
    async reportResources(ctx: RequestContext, appKey: string | undefined, secretKey: string | undefined, resourceCount: number) {
      const verified = appKey && secretKey ? await verifyAppKey(db, box, appKey, secretKey, ctx.now()) : { ok: false as const };
      if (!verified.ok || verified.identity.kind !== 'SERVICE') throw new AppError('LOGIN_REQUIRED');
      const { orgId, projectId, productId } = verified.identity;
      await repo.reportResources(db, orgId, projectId, productId, resourceCount, ctx.now());
      return { productId, projectId, resourceCount };
    },
  };
}
