import { type EnableRestrictionCode } from '@console/contracts';
import { orgProducts, projectProducts, saasMembers } from '../../db/schema/index.ts';
import { grantOf, projectGrantOf, type Grant, type SignedInContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { randomKey } from '../../platform/secrets.ts';
import { and, eq } from 'drizzle-orm';
import { productsRepository as repo } from './products.repository.ts';
import { RESOURCES_REMAIN, RESULT_CODE_OF, activity, toSaasMember, type ProductsDeps, type ProductsShared } from './products.shared.ts';

/** Enabling and disabling services in a project or an organization, and SaaS members (spec §7 enable/disable calls). */
export function createEnablementMethods(deps: ProductsDeps, shared: ProductsShared) {
  const { db, authorizer, box } = deps;
  const { notify, productUrlOf, toProductInUse, enableRefusal } = shared;
  return {
    // ---- enable and disable ----

    async enableInProject(ctx: SignedInContext, productId: string) {
      const grant = projectGrantOf(ctx);
      const product = await repo.product(db, productId);
      const refusal = await enableRefusal(ctx, grant, product, 'PROJECT');
      if (refusal) throw new AppError(refusal.key, { extra: refusal.restriction ? { restrictionCode: refusal.restriction } : {} });
      const now = ctx.now();
      const row = await db.transaction(async (tx) => {
        const project = await repo.lockProject(tx, grant.orgId, grant.projectId);
        if (!project) throw new AppError('PROJECT_NOT_EXIST');
        if (await repo.projectProduct(tx, grant.orgId, grant.projectId, productId)) throw new AppError('RELATION_ALREADY_STABLE_13001');
        // Re-read under the project's lock: a service needed first may have been disabled meanwhile.
        if (product!.dependsOn.length > 0) {
          const enabled = await repo.enabledProductIds(tx, grant.orgId, grant.projectId);
          if (product!.dependsOn.some((id) => !enabled.has(id))) throw new AppError('DEFAULT_SERVICE_NOT_ENABLED');
        }
        const [inserted] = await tx
          .insert(projectProducts)
          .values({
            orgId: grant.orgId,
            projectId: grant.projectId,
            productId,
            appKey: randomKey(20),
            secretKeyEnc: product!.secretKeyCode === 'T' ? box.seal(randomKey(32)) : null,
            statusCode: 'STABLE',
            enabledByMemberId: ctx.caller.memberType === 'TOAST_CLOUD' ? ctx.caller.uuid : null,
            enabledAt: now,
            secretKeyIssuedAt: now,
          })
          .returning();
        await repo.addLnbRelation(tx, grant.orgId, grant.projectId, productId, now);
        await activity(tx, ctx, grant.orgId, grant.projectId, 'PRODUCT_ENABLE', { type: 'PRODUCT', id: productId, name: product!.productName });
        await notify(tx, ctx, { orgId: grant.orgId, projectId: grant.projectId, eventType: 'PRODUCT_ENABLED', params: { projectName: project.name, productId, productName: product!.productName } });
        await deps.productHook?.(tx, { orgId: grant.orgId, projectId: grant.projectId, productId, appKey: inserted!.appKey, eventType: 'PRODUCT_ENABLED', occurredAt: now });
        return inserted!;
      });
      return { product: toProductInUse(product!, row, await productUrlOf(productId), true) };
    },

    /**
     * Disabling: refused while services that need this one are enabled (DEPENDENT_SERVICES_ENABLED) or while the
     * product reports resources left in the project (its own code: 400, 805, 5014, 5016, 18010).
     * The Appkey, its SecretKey, the left-menu entry and the resource report go in one transaction.
     */
    async disableInProject(ctx: SignedInContext, productId: string) {
      const grant = projectGrantOf(ctx);
      const product = await repo.product(db, productId);
      await db.transaction(async (tx) => {
        const project = await repo.lockProject(tx, grant.orgId, grant.projectId);
        if (!project) throw new AppError('PROJECT_NOT_EXIST');
        const row = await repo.lockProjectProduct(tx, grant.orgId, grant.projectId, productId);
        if (!row) throw new AppError('NOT_FOUND');
        const enabled = await repo.enabledProductIds(tx, grant.orgId, grant.projectId);
        const dependents = (await repo.products(tx)).filter((other) => other.dependsOn.includes(productId) && enabled.has(other.productId));
        if (dependents.length > 0) {
          throw new AppError('DEPENDENT_SERVICES_ENABLED', { extra: { dependentProductIds: dependents.map((other) => other.productId) } });
        }
        if ((await repo.resourceCount(tx, grant.orgId, grant.projectId, productId, true)) > 0) {
          throw new AppError(RESOURCES_REMAIN[product?.resourcesRemainCode ?? 400] ?? 'RESOURCES_REMAIN_400', {
            extra: { productName: product?.productName ?? productId },
          });
        }
        await tx
          .delete(projectProducts)
          .where(and(eq(projectProducts.orgId, grant.orgId), eq(projectProducts.projectId, grant.projectId), eq(projectProducts.productId, productId)));
        await repo.deleteLnbRelations(tx, grant.orgId, grant.projectId, productId);
        await repo.deleteResourceReport(tx, grant.orgId, grant.projectId, productId);
        await activity(tx, ctx, grant.orgId, grant.projectId, 'PRODUCT_DISABLE', { type: 'PRODUCT', id: productId, name: product?.productName ?? productId });
        await notify(tx, ctx, { orgId: grant.orgId, projectId: grant.projectId, eventType: 'PRODUCT_DISABLED', params: { projectName: project.name, productId, productName: product?.productName ?? productId } });
        await deps.productHook?.(tx, { orgId: grant.orgId, projectId: grant.projectId, productId, appKey: row.appKey, eventType: 'PRODUCT_DISABLED', occurredAt: ctx.now() });
      });
      return { productId };
    },

    /** An organization service: the organization's Appkey and SecretKey, and its SaaS OWNER. */
    async enableInOrg(ctx: SignedInContext, productId: string, saasOwnerUuid: string) {
      const grant = grantOf(ctx);
      const product = await repo.product(db, productId);
      const refusal = await enableRefusal(ctx, grant, product, 'ORG');
      if (refusal) throw new AppError(refusal.key, { extra: refusal.restriction ? { restrictionCode: refusal.restriction } : {} });
      const owner = await repo.orgMember(db, grant.orgId, saasOwnerUuid);
      if (!owner || owner.status !== 'STABLE') throw new AppError('ORG_MEMBER_NOT_FOUND');
      const now = ctx.now();
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(orgProducts)
          .values({
            orgId: grant.orgId,
            productId,
            appKey: randomKey(20),
            secretKeyEnc: product!.secretKeyCode === 'T' ? box.seal(randomKey(32)) : null,
            saasOwnerMemberId: saasOwnerUuid,
            enabledByMemberId: ctx.caller.memberType === 'TOAST_CLOUD' ? ctx.caller.uuid : null,
            enabledAt: now,
            secretKeyIssuedAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw new AppError('RELATION_ALREADY_STABLE_13002');
        await tx.insert(saasMembers).values({ orgId: grant.orgId, productId, memberId: saasOwnerUuid, role: 'OWNER', createdAt: now });
        await activity(tx, ctx, grant.orgId, null, 'PRODUCT_ENABLE', { type: 'PRODUCT', id: productId, name: product!.productName });
        await deps.productHook?.(tx, { orgId: grant.orgId, projectId: null, productId, appKey: inserted.appKey, eventType: 'PRODUCT_ENABLED', occurredAt: now });
        return inserted;
      });
      return { product: toProductInUse(product!, row, await productUrlOf(productId), true) };
    },

    /**
     * Disabling an organization service, as a project one: the organization's Appkey and SecretKey
     * go (the key fails at once), with the product's SaaS members (they belong to this enablement; a
     * later enable names a new SaaS OWNER), the activity event and the product's hook event, in one
     * transaction. Organization services report no resources (their Appkey names no project).
     */
    async disableInOrg(ctx: SignedInContext, productId: string) {
      const grant = grantOf(ctx);
      const product = await repo.product(db, productId);
      await db.transaction(async (tx) => {
        const row = await repo.lockOrgProduct(tx, grant.orgId, productId);
        if (!row) throw new AppError('NOT_FOUND');
        await tx.delete(saasMembers).where(and(eq(saasMembers.orgId, grant.orgId), eq(saasMembers.productId, productId)));
        await tx.delete(orgProducts).where(and(eq(orgProducts.orgId, grant.orgId), eq(orgProducts.productId, productId)));
        await activity(tx, ctx, grant.orgId, null, 'PRODUCT_DISABLE', { type: 'PRODUCT', id: productId, name: product?.productName ?? productId });
        await deps.productHook?.(tx, { orgId: grant.orgId, projectId: null, productId, appKey: row.appKey, eventType: 'PRODUCT_DISABLED', occurredAt: ctx.now() });
      });
      return { productId };
    },

    /** What enabling would answer now, without enabling (the web asks before it shows the dialog). */
    async validateEnableRestriction(
      ctx: SignedInContext,
      productId: string,
      body: { orgId: string; projectId?: string | undefined; restrictionCodes?: EnableRestrictionCode[] | undefined },
    ) {
      let grant: Grant = grantOf(ctx);
      if (body.projectId) {
        const projectGrant = await authorizer.projectGrant(ctx.caller, body.projectId, ctx);
        if (!projectGrant || projectGrant.orgId !== body.orgId) throw new AppError('PROJECT_NOT_EXIST');
        grant = projectGrant;
      }
      const product = await repo.product(db, productId);
      if (!product) throw new AppError('NOT_FOUND');
      const codes = body.restrictionCodes ?? [product.enableRestrictionCode];
      const restrictions = [];
      for (const code of codes) {
        const refusal = await enableRefusal(ctx, grant, product, body.projectId ? 'PROJECT' : 'ORG', [code]);
        restrictions.push({ restrictionCode: code, passed: !(refusal && refusal.restriction === code) });
      }
      let refusal = await enableRefusal(ctx, grant, product, body.projectId ? 'PROJECT' : 'ORG');
      if (!refusal) {
        const permission = body.projectId ? 'Project.Product.Create' : 'Organization.Setting.Update';
        if (!grant.view.has(permission as never)) refusal = { key: 'PERMISSION_DENIED' };
      }
      return {
        enableable: refusal === undefined,
        resultCode: refusal ? RESULT_CODE_OF(refusal.key) : 0,
        restrictions,
      };
    },

    async preconditions(ctx: SignedInContext, productId: string, projectId: string, preconditionId: string | undefined) {
      const grant = await authorizer.projectGrant(ctx.caller, projectId, ctx);
      if (!grant) throw new AppError('PROJECT_NOT_EXIST');
      const product = await repo.product(db, productId);
      if (!product || product.statusCode !== 'STABLE') throw new AppError('NOT_FOUND');
      const enabled = await repo.enabledProductIds(db, grant.orgId, projectId);
      const list: { productPreconditionId: string; kind: 'PRODUCT_ENABLED' | 'PAYMENT_METHOD'; productId: string | null; satisfied: boolean }[] =
        product.dependsOn.map((id) => ({ productPreconditionId: `product:${id}`, kind: 'PRODUCT_ENABLED' as const, productId: id, satisfied: enabled.has(id) }));
      if (product.requiresPaymentMethod) {
        const owner = await repo.orgOwner(db, grant.orgId);
        list.push({ productPreconditionId: 'payment-method', kind: 'PAYMENT_METHOD', productId: null, satisfied: owner?.paymentMethodStatus === 'STABLE' });
      }
      return { preconditions: preconditionId ? list.filter((entry) => entry.productPreconditionId === preconditionId) : list };
    },

    // ---- SaaS members ----

    async listSaasMembers(ctx: SignedInContext, query: { productId: string; role?: string | undefined; page: number; limit: number }) {
      const grant = grantOf(ctx);
      if (!(await repo.orgProduct(db, grant.orgId, query.productId))) throw new AppError('NOT_FOUND');
      const { rows, totalCount } = await repo.saasMembers(db, grant.orgId, query.productId, query.role, query.page, query.limit);
      return { members: rows.map(toSaasMember), paging: { page: query.page, limit: query.limit, totalCount } };
    },

    /** Role NONE takes the member out of the product; the SaaS OWNER is neither removed nor demoted (spec §6). */
    async setSaasRole(ctx: SignedInContext, memberId: string, productId: string, role: 'ADMIN' | 'MEMBER' | 'VIEWER' | 'NONE') {
      const grant = grantOf(ctx);
      return db.transaction(async (tx) => {
        if (!(await repo.lockOrgProduct(tx, grant.orgId, productId))) throw new AppError('NOT_FOUND');
        const member = await repo.orgMember(tx, grant.orgId, memberId);
        if (!member) throw new AppError('ORG_MEMBER_NOT_FOUND');
        const current = await repo.saasMember(tx, grant.orgId, productId, memberId);
        if (current?.row.role === 'OWNER') throw new AppError('SAAS_OWNER_NOT_REMOVABLE');
        if (role === 'NONE') {
          if (current) await tx.delete(saasMembers).where(and(eq(saasMembers.orgId, grant.orgId), eq(saasMembers.id, current.row.id)));
          return { member: null };
        }
        await tx
          .insert(saasMembers)
          .values({ orgId: grant.orgId, productId, memberId, role, createdAt: ctx.now() })
          .onConflictDoUpdate({ target: [saasMembers.orgId, saasMembers.productId, saasMembers.memberId], set: { role } });
        return { member: toSaasMember((await repo.saasMember(tx, grant.orgId, productId, memberId))!) };
      });
    },

    /** The new SaaS OWNER; the former one stays as ADMIN. */
    async setSaasOwner(ctx: SignedInContext, memberId: string, productId: string) {
      const grant = grantOf(ctx);
      return db.transaction(async (tx) => {
        if (!(await repo.lockOrgProduct(tx, grant.orgId, productId))) throw new AppError('NOT_FOUND');
        const member = await repo.orgMember(tx, grant.orgId, memberId);
        if (!member || member.status !== 'STABLE') throw new AppError('ORG_MEMBER_NOT_FOUND');
        await tx
          .update(saasMembers)
          .set({ role: 'ADMIN' })
          .where(and(eq(saasMembers.orgId, grant.orgId), eq(saasMembers.productId, productId), eq(saasMembers.role, 'OWNER')));
        await tx
          .insert(saasMembers)
          .values({ orgId: grant.orgId, productId, memberId, role: 'OWNER', createdAt: ctx.now() })
          .onConflictDoUpdate({ target: [saasMembers.orgId, saasMembers.productId, saasMembers.memberId], set: { role: 'OWNER' } });
        await tx.update(orgProducts).set({ saasOwnerMemberId: memberId }).where(and(eq(orgProducts.orgId, grant.orgId), eq(orgProducts.productId, productId)));
        return { member: toSaasMember((await repo.saasMember(tx, grant.orgId, productId, memberId))!) };
      });
    },
  };
}
