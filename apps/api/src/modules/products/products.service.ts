import {
  ICON_TIMEOUT_MS,
  RESULT_CODES,
  PROJECT_APP_KEY_LIMIT,
  RECOMMENDATION_LIMIT,
  validationMessage,
  type Edition,
  type EnableRestrictionCode,
  type Lang,
  type ProductInUse,
  type ProductUi,
  type ProductUiInUse,
  type ProjectAppKey,
  type ResultCodeKey,
} from '@console/contracts';
import type { AuthenticationInputSchema, UpdateAuthenticationInputSchema } from '@console/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { orgProducts, projectAuthentications, projectProducts, saasMembers } from '../../db/schema/index.ts';
import { verifyAppKey } from '../../platform/app-keys.ts';
import type { Authorizer } from '../../platform/authz.ts';
import { grantOf, orgRolesOfGrant, projectGrantOf, type Grant, type RequestContext, type SignedInContext } from '../../platform/context.ts';
import { AppError, invalidFields } from '../../platform/errors.ts';
import { randomKey, type SecretBox } from '../../platform/secrets.ts';
import { activityRepository } from '../activity/activity.repository.ts';
import type { NotificationEvent, NotificationParams } from '../notifications/outbox.ts';
import { and, eq } from 'drizzle-orm';
import {
  productsRepository as repo,
  type AuthenticationRow,
  type OrgProductRow,
  type ProductRow,
  type ProductUiRow,
  type ProjectProductRow,
} from './products.repository.ts';

/** Answers `fallback` when `work` fails or takes longer than `ms` (the icon call, spec §8/§9). */
export async function withTimeout<T>(work: () => Promise<T>, ms: number, fallback: T, onFailure?: (error: unknown) => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      onFailure?.(new Error(`timed out after ${ms} ms`));
      resolve(fallback);
    }, ms);
  });
  try {
    return await Promise.race([
      work().catch((error: unknown) => {
        onFailure?.(error);
        return fallback;
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The code a disable is refused with while resources remain, per product (products.resources_remain_code). */
const RESOURCES_REMAIN: Record<number, ResultCodeKey> = {
  400: 'RESOURCES_REMAIN_400',
  805: 'RESOURCES_REMAIN_805',
  5014: 'RESOURCES_REMAIN_5014',
  5016: 'RESOURCES_REMAIN_5016',
  18010: 'DIRECT_CONNECT_OR_NAS_IN_USE',
};

const nameIn = (names: { ko: string; en: string; ja: string; zh: string }, lang: Lang) => names[lang] ?? names.ko;

function toProductUi(ui: ProductUiRow, product: ProductRow, lang: Lang): ProductUi {
  return {
    productUiId: ui.productUiId,
    productUiName: nameIn(ui.names, lang),
    productId: ui.productId,
    parentProductUiId: ui.parentProductUiId,
    productUiType: ui.productUiType,
    categoryName: ui.categoryName,
    pathName: ui.pathName,
    tabName: ui.tabName,
    authTypeCode: ui.authTypeCode,
    enableType: product.enableType,
    iamLoginReturnUrl: ui.iamLoginReturnUrl,
    iframeTypeCode: ui.iframeTypeCode,
    isMaintenance: ui.isMaintenance,
    linkTargetCode: ui.linkTargetCode,
    linkUrl: ui.linkUrl,
    widgetType: ui.widgetType,
    marketplaceTypeCode: null,
    regionCodeList: ui.regionCodeList,
    orderIdx: ui.orderIdx,
    badges: ui.badges,
    manualLink: ui.manualLink,
    quickGuideLink: ui.quickGuideLink,
    productMetaInfoList: ui.productMetaInfoList,
    denyServiceConsole: ui.denyServiceConsole,
    denyShowAppKeySecretKey: ui.denyShowAppKeySecretKey,
    denyDeactivateProductUi: ui.denyDeactivateProductUi,
    icon: ui.icon,
    productStatusCode: product.statusCode,
    children: [],
  };
}

/** Entries into trees: roots are those without a parent (or whose parent was filtered out), children in menu order. */
function treeOf<T extends { productUiId: string; parentProductUiId: string | null; children: T[] }>(flat: T[]): T[] {
  const byId = new Map(flat.map((entry) => [entry.productUiId, entry]));
  const roots: T[] = [];
  for (const entry of flat) {
    const parent = entry.parentProductUiId ? byId.get(entry.parentProductUiId) : undefined;
    if (parent) parent.children.push(entry);
    else if (!entry.parentProductUiId) roots.push(entry);
  }
  return roots;
}

function toProduct(row: ProductRow) {
  return {
    productId: row.productId,
    productName: row.productName,
    statusCode: row.statusCode,
    appKeyReuseYn: row.appKeyReuse ? ('Y' as const) : ('N' as const),
    secretKey: row.secretKeyCode,
    enableType: row.enableType,
    enableRestrictionCode: row.enableRestrictionCode,
    productCategoryCode: row.productCategoryCode,
    enableEmailTemplateId: row.enableEmailTemplateId,
    permissionName: row.permissionName,
    productAppKeyReissueHookApiStatusCode: row.appKeyReissueHookStatusCode,
    businessOnly: row.businessOnly,
    requiresPaymentMethod: row.requiresPaymentMethod,
    dependsOn: row.dependsOn,
    regDateTime: row.createdAt.toISOString(),
    modDateTime: row.updatedAt.toISOString(),
  };
}

async function activity(
  tx: Executor,
  ctx: SignedInContext,
  orgId: string,
  projectId: string | null,
  actionCode: string,
  target: { type: 'PRODUCT' | 'APPKEY'; id: string; name: string },
) {
  await activityRepository.insert(tx, [
    {
      orgId,
      projectId,
      actorType: ctx.caller.memberType,
      actorId: ctx.caller.uuid,
      actorName: ctx.caller.profile.name,
      actionCode,
      targetType: target.type,
      targetId: target.id,
      targetName: target.name,
      createdAt: ctx.now(),
    },
  ]);
}


const toSaasMember = (entry: { row: typeof saasMembers.$inferSelect; name: string; email: string }) => ({
  id: entry.row.id,
  memberUuid: entry.row.memberId,
  name: entry.name,
  email: entry.email,
  productId: entry.row.productId,
  role: entry.row.role,
  regDateTime: entry.row.createdAt.toISOString(),
});


export function createProductsService(deps: {
  db: Database;
  authorizer: Authorizer;
  box: SecretBox;
  edition: Edition;
  log?: { warn: (obj: object, msg: string) => void };
  /** The notification outbox (modules/notifications/outbox.ts): service events, in the change's transaction. */
  notify?: (tx: Executor, event: NotificationEvent) => Promise<unknown>;
  /** The product hook outbox (product-hooks.ts): tells the product of a reissued SecretKey, in the reissue's transaction. */
  secretKeyReissued?: (tx: Executor, event: { orgId: string; projectId: string | null; productId: string; appKey: string; occurredAt: Date }) => Promise<unknown>;
}) {
  const { db, authorizer, box, edition } = deps;
  /** A service event for the system notifications, written in `tx`. */
  const notify = (tx: Executor, ctx: SignedInContext, event: Omit<NotificationEvent, 'locale' | 'params'> & { params: NotificationParams }) =>
    deps.notify?.(tx, { ...event, locale: ctx.locale, params: { actorName: ctx.caller.profile.name, ...event.params } });

  /** The product's public API address, else its own URL: what the URL & Appkey modal shows. */
  async function productUrlOf(productId: string) {
    const rows = await repo.productUis(db, { productId });
    const root = rows.find((row) => row.ui.parentProductUiId === null && row.ui.publicApiUrl);
    return root?.ui.publicApiUrl ?? rows[0]?.product.productUrl ?? null;
  }

  function toProductInUse(product: ProductRow, row: ProjectProductRow | OrgProductRow, url: string | null, showSecret: boolean): ProductInUse {
    const secret = showSecret && row.secretKeyEnc ? (box.open(row.secretKeyEnc) ?? null) : null;
    return {
      productId: product.productId,
      productName: product.productName,
      productSecretKeyCode: product.secretKeyCode,
      productUrl: url,
      appKey: row.appKey,
      secretKey: product.secretKeyCode === 'T' ? secret : null,
      statusCode: row.statusCode,
      enabledDateTime: row.enabledAt.toISOString(),
      secretKeyIssuedDateTime: row.secretKeyIssuedAt.toISOString(),
    };
  }

  /**
   * Why the caller may not enable `product` in the project of `grant` now (the first refusal), or
   * undefined. The order is the order a person fixes things in: the product itself, the caller's
   * account and roles (enableRestrictionCode), business membership, services needed first, payment.
   */
  async function enableRefusal(
    ctx: SignedInContext,
    grant: Grant,
    product: ProductRow | undefined,
    scope: 'PROJECT' | 'ORG',
    restrictionsToCheck?: readonly EnableRestrictionCode[],
  ): Promise<{ key: ResultCodeKey; restriction?: EnableRestrictionCode } | undefined> {
    if (!product || product.statusCode !== 'STABLE') return { key: 'PRODUCT_NOT_ENABLEABLE' };
    const orgScoped = product.enableType === 'DEPENDENT_ORG' || product.productCategoryCode === 'ORG';
    if (scope === 'PROJECT' ? orgScoped || product.productCategoryCode !== 'PROJECT' : !orgScoped) return { key: 'PRODUCT_NOT_ENABLEABLE' };
    const caller = ctx.caller;
    const owner = await repo.orgOwner(db, grant.orgId);
    const restriction = product.enableRestrictionCode;
    const checks = restrictionsToCheck ?? [restriction];
    for (const code of checks) {
      if (code === 'BLOCK_UNPAID_MEMBER') {
        const self = caller.memberType === 'TOAST_CLOUD' ? await repo.memberBilling(db, caller.uuid) : undefined;
        if (owner?.unpaidBlocked || self?.unpaidBlocked) return { key: 'BLOCKED_FOR_UNPAID', restriction: code };
      }
      if (code === 'ONLY_COOPERATION' && !(caller.memberType === 'TOAST_CLOUD' && caller.profile.bizMember)) {
        return { key: 'BUSINESS_MEMBER_ONLY', restriction: code };
      }
      if (code === 'PROJECT_MEMBER_ROLE' && !grant.roles.some((role) => role.category === 'PROJECT_ROLE' && role.roleName !== 'NONE')) {
        return { key: 'ENABLE_PERMISSION_INSUFFICIENT', restriction: code };
      }
      if (code === 'ORG_MEMBER_ROLE' && orgRolesOfGrant(grant).filter((role) => role !== 'NONE').length === 0) {
        return { key: 'ENABLE_PERMISSION_INSUFFICIENT', restriction: code };
      }
    }
    // Spec §6: personal members cannot enable business-only services.
    const personal = caller.memberType === 'IAM' ? false : !caller.profile.bizMember;
    if (product.businessOnly && personal) {
      return { key: scope === 'PROJECT' ? 'BUSINESS_MEMBERSHIP_REQUIRED_MINUS_2000' : 'BUSINESS_MEMBERSHIP_REQUIRED_MINUS_2001' };
    }
    if (scope === 'PROJECT' && product.dependsOn.length > 0 && grant.projectId) {
      const enabled = await repo.enabledProductIds(db, grant.orgId, grant.projectId);
      if (product.dependsOn.some((productId) => !enabled.has(productId))) return { key: 'DEFAULT_SERVICE_NOT_ENABLED' };
    }
    if (product.requiresPaymentMethod && owner) {
      if (owner.paymentMethodStatus === 'NONE') {
        if (caller.memberType === 'TOAST_CLOUD' && caller.uuid === owner.memberId) return { key: 'PAYMENT_CARD_REQUIRED' };
        if (owner.accountType === 'CORPORATION') return { key: 'CONTACT_BUSINESS_ACCOUNT_MANAGER' };
        return { key: 'OWNER_PAYMENT_METHOD_UNREGISTERED' };
      }
      if (owner.paymentMethodStatus !== 'STABLE') return { key: 'OWNER_BILLING_KEY_NOT_STABLE' };
    }
    return undefined;
  }

  /** The caller's grant in the project `projectId`, holding `permissions`; not-found for anyone outside. */
  async function projectGrantFor(ctx: SignedInContext, projectId: string, permissions: Parameters<Authorizer['requirePermissions']>[1]) {
    const grant = await authorizer.projectGrant(ctx.caller, projectId, ctx);
    if (!grant) throw new AppError('PROJECT_NOT_EXIST');
    await authorizer.requirePermissions(grant, permissions);
    return grant;
  }

  function toAuthentication(row: AuthenticationRow, showSecret: boolean): ProjectAppKey {
    return {
      authId: row.authId,
      projectId: row.projectId,
      authAlias: row.authAlias,
      authCategory: row.authCategory,
      authKey: row.authKey,
      authStatus: row.authStatus,
      authType: row.authType,
      ipAclList: row.ipAclList,
      referenceId: row.referenceId,
      secretKey: showSecret && row.secretKeyEnc ? (box.open(row.secretKeyEnc) ?? null) : null,
      lastUsedDatetime: row.lastUsedAt?.toISOString() ?? null,
      reIssueDatetime: row.reIssueAt?.toISOString() ?? null,
      regDatetime: row.createdAt.toISOString(),
      modDatetime: row.updatedAt.toISOString(),
    };
  }

  return {
    // ---- catalogue and menus ----

    /** Only STABLE products are listed to customers (spec §4): other status codes asked for answer nothing. */
    async listProducts(statusCodes: readonly string[] | undefined) {
      const wanted = (statusCodes ?? ['STABLE']).filter((code) => code === 'STABLE');
      if (wanted.length === 0) return { products: [] };
      return { products: (await repo.products(db, wanted)).map(toProduct) };
    },

    async hierarchy(ctx: RequestContext, query: { regionCode?: string | undefined; productUiType: ProductUiRow['productUiType']; serviceCode?: string | undefined }) {
      const rows = await repo.productUis(db, { productUiType: query.productUiType, ...(query.serviceCode ? { productId: query.serviceCode } : {}) });
      const flat = rows
        .filter((row) => !query.regionCode || row.ui.regionCodeList.includes(query.regionCode))
        .map((row) => toProductUi(row.ui, row.product, ctx.lang));
      return { productUis: treeOf(flat) };
    },

    async allHierarchy(ctx: RequestContext, regionCode: string | undefined) {
      const rows = await repo.productUis(db, {});
      const flat = rows.filter((row) => !regionCode || row.ui.regionCodeList.includes(regionCode)).map((row) => toProductUi(row.ui, row.product, ctx.lang));
      return { productUis: treeOf(flat) };
    },

    async productUisByIds(ctx: RequestContext, ids: readonly string[] | undefined) {
      const rows = await repo.productUis(db, ids ? { productUiIds: ids } : {});
      return { productUis: rows.map((row) => toProductUi(row.ui, row.product, ctx.lang)) };
    },

    /**
     * Menu icons, from the catalogue's icon entries; the files are served by the console itself
     * (cdnUrlPath is a console path or a CDN). When reading them fails or takes over 2 s the call
     * answers an empty list (spec §8, §9) and logs why.
     */
    async icons(loadIcons: () => Promise<{ productUiId: string; icon: NonNullable<ProductUiRow['icon']> }[]> = async () =>
      (await repo.icons(db)).flatMap((row) => (row.icon ? [{ productUiId: row.productUiId, icon: row.icon }] : []))) {
      const icons = await withTimeout(loadIcons, ICON_TIMEOUT_MS, [], (error) => deps.log?.warn({ err: error }, 'product icons: fetch failed'));
      return {
        icons: icons.map(({ productUiId, icon }) => ({ ...icon, productUiId, url: `${icon.cdnUrlPath.replace(/\/$/, '')}/${icon.fileName}` })),
      };
    },

    async publicApis(productId: string | undefined) {
      const rows = await repo.productUis(db, productId ? { productId } : {});
      return {
        publicApis: rows.flatMap((row) =>
          row.ui.publicApiUrl ? [{ productUiId: row.ui.productUiId, productId: row.ui.productId, publicApiUrl: row.ui.publicApiUrl }] : [],
        ),
      };
    },

    /**
     * At most 4 recommendations of one category: the one asked for, else the caller's panel —
     * IAM_PANEL for IAM accounts, PUBLIC_PANEL otherwise; the government edition shows GOV_BANNER.
     */
    async recommendations(ctx: SignedInContext, category: string | undefined) {
      const wanted = category ?? (ctx.caller.memberType === 'IAM' ? 'IAM_PANEL' : edition === 'GOV' ? 'GOV_BANNER' : 'PUBLIC_PANEL');
      const rows = (await repo.recommendations(db)).filter((row) => row.rec.recommendationCategories.includes(wanted));
      return {
        recommendations: rows.slice(0, RECOMMENDATION_LIMIT).map(({ rec, ui }) => ({
          recommendationId: rec.recommendationId,
          recommendationCategories: rec.recommendationCategories as never,
          recommendationSortOrder: rec.recommendationSortOrder,
          productId: rec.productId,
          productUiId: rec.productUiId,
          productUiName: nameIn(ui.names, ctx.lang),
          productUiType: ui.productUiType,
          categoryName: ui.categoryName,
          pathName: ui.pathName,
          imageUrlMap: rec.imageUrlMap as Record<string, string>,
        })),
      };
    },

    /** The caller's organizations; they may enable an organization product where they are OWNER or ADMIN (spec §6). */
    async orgEnablePermission(ctx: SignedInContext, productId: string) {
      if (ctx.caller.memberType === 'IAM') return { organizations: [] };
      const rows = await repo.orgsOfMember(db, ctx.caller.uuid);
      const enabled = await repo.orgProductIds(db, rows.map((row) => row.orgId), productId);
      const byOrg = new Map<string, { orgId: string; orgName: string; hasEnablePermission: boolean; enabled: boolean }>();
      for (const row of rows) {
        const entry = byOrg.get(row.orgId) ?? { orgId: row.orgId, orgName: row.orgName, hasEnablePermission: false, enabled: enabled.has(row.orgId) };
        if (row.roleCode === 'OWNER' || row.roleCode === 'ADMIN') entry.hasEnablePermission = true;
        byOrg.set(row.orgId, entry);
      }
      return { organizations: [...byOrg.values()] };
    },

    /** The organization's projects the caller sees, and whether they hold Project.Product.Create in each. */
    async projectEnablePermission(ctx: SignedInContext, productId: string) {
      const grant = grantOf(ctx);
      const rows = await repo.projectsOfOrg(db, grant.orgId);
      const views = await authorizer.projectViews(
        ctx.caller,
        ctx,
        rows.map((row) => ({ id: row.id, orgId: grant.orgId, ownerMemberId: row.ownerMemberId, timeZone: row.timeZone })),
        new Map([[grant.orgId, orgRolesOfGrant(grant)]]),
      );
      const seesAll = grant.view.has('Organization.Project.List');
      const enabled = await repo.projectsWithProduct(db, grant.orgId, productId);
      return {
        projects: rows
          .filter((row) => seesAll || views.get(row.id)?.stored !== undefined || (ctx.caller.memberType === 'TOAST_CLOUD' && row.ownerMemberId === ctx.caller.uuid))
          .map((row) => ({
            projectId: row.id,
            projectName: row.name,
            hasEnablePermission: views.get(row.id)?.view.has('Project.Product.Create') ?? false,
            enabled: enabled.has(row.id),
          })),
      };
    },

    /** The services in use of a project in its left-menu order, each with its sub-menus. */
    async serviceHierarchy(ctx: SignedInContext, productUiType: 'PROJECT' | 'MARKET_PLACE' | 'PROJECT_DASHBOARD') {
      const grant = projectGrantOf(ctx);
      const relations = await repo.lnbRelations(db, grant.orgId, grant.projectId);
      if (relations.length === 0) return { productUis: [] };
      const uis = await repo.productUis(db, { productUiType });
      const inUse = new Map<string, ProjectProductRow>();
      for (const relation of relations) {
        const row = await repo.projectProduct(db, grant.orgId, grant.projectId, relation.productId);
        if (row) inUse.set(relation.productId, row);
      }
      const seesKeys = grant.view.has('Project.Product.Get');
      const out: ProductUiInUse[] = [];
      for (const relation of relations) {
        const used = inUse.get(relation.productId);
        if (!used) continue;
        const entries = uis.filter((row) => row.ui.productId === relation.productId);
        const flat: ProductUiInUse[] = entries.map(({ ui, product }) => ({
          lnbProjectProductRelationId: relation.id,
          productUiId: ui.productUiId,
          productUiName: nameIn(ui.names, ctx.lang),
          productId: ui.productId,
          parentProductUiId: ui.parentProductUiId,
          orderIdx: ui.parentProductUiId ? ui.orderIdx : relation.orderIdx,
          productUiType: productUiType,
          enableType: product.enableType,
          categoryName: ui.categoryName,
          pathName: ui.pathName,
          tabName: ui.tabName,
          productUrl: ui.publicApiUrl ?? product.productUrl,
          appKey: seesKeys && !ui.denyShowAppKeySecretKey ? used.appKey : null,
          secretKey: null,
          denyShowAppKeySecretKey: ui.denyShowAppKeySecretKey,
          denyDeactivateProductUi: ui.denyDeactivateProductUi,
          widgetType: ui.widgetType,
          regionCodeList: ui.regionCodeList,
          badges: ui.badges,
          isMaintenance: ui.isMaintenance,
          children: [],
        }));
        out.push(...treeOf(flat));
      }
      return { productUis: out };
    },

    async addLnbRelation(ctx: SignedInContext, projectId: string, productId: string) {
      const grant = await projectGrantFor(ctx, projectId, ['Project.Product.Create']);
      return db.transaction(async (tx) => {
        if (!(await repo.lockProject(tx, grant.orgId, projectId))) throw new AppError('PROJECT_NOT_EXIST');
        if (!(await repo.projectProduct(tx, grant.orgId, projectId, productId))) throw new AppError('NOT_FOUND');
        const row = await repo.addLnbRelation(tx, grant.orgId, projectId, productId, ctx.now());
        if (!row) throw new AppError('RELATION_ALREADY_STABLE_13001');
        return { lnbProjectProductRelationId: row.id, orderIdx: row.orderIdx };
      });
    },

    async deleteLnbRelation(ctx: SignedInContext, relationId: string) {
      const relation = await repo.lnbRelationById(db, relationId);
      const grant = relation ? await authorizer.projectGrant(ctx.caller, relation.projectId, ctx) : undefined;
      if (!relation || !grant || grant.orgId !== relation.orgId) throw new AppError('NOT_FOUND');
      await authorizer.requirePermissions(grant, ['Project.Product.Create']);
      await repo.deleteLnbRelations(db, relation.orgId, relation.projectId, relation.productId);
      return { lnbProjectProductRelationId: relationId };
    },

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
        return inserted!;
      });
      return { product: toProductInUse(product!, row, await productUrlOf(productId), true) };
    },

    /**
     * Disabling: refused while services that need this one are enabled (40057) or while the
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
        return inserted;
      });
      return { product: toProductInUse(product!, row, await productUrlOf(productId), true) };
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
        const orgProduct = await tx
          .select()
          .from(orgProducts)
          .where(and(eq(orgProducts.orgId, grant.orgId), eq(orgProducts.productId, productId)))
          .for('update');
        if (orgProduct.length === 0) throw new AppError('NOT_FOUND');
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
        const [orgProduct] = await tx
          .select()
          .from(orgProducts)
          .where(and(eq(orgProducts.orgId, grant.orgId), eq(orgProducts.productId, productId)))
          .for('update');
        if (!orgProduct) throw new AppError('NOT_FOUND');
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
      return { product: toProductInUse(product, row, await productUrlOf(productId), true), hasUpdateSecretKeyPermission: product.secretKeyCode === 'T' };
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

const RESULT_CODE_OF = (key: ResultCodeKey) => RESULT_CODES[key].code;

export type ProductsService = ReturnType<typeof createProductsService>;
