import {
  RESULT_CODES,
  type Edition,
  type EnableRestrictionCode,
  type Lang,
  type ProductInUse,
  type ProductUi,
  type ProjectAppKey,
  type ResultCodeKey,
} from '@console/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { saasMembers } from '../../db/schema/index.ts';
import type { Authorizer } from '../../platform/authz.ts';
import { orgRolesOfGrant, type Grant, type SignedInContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type SecretBox } from '../../platform/secrets.ts';
import { activityRepository } from '../activity/activity.repository.ts';
import type { NotificationEvent, NotificationParams } from '../notifications/outbox.ts';
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
export const RESOURCES_REMAIN: Record<number, ResultCodeKey> = {
  400: 'RESOURCES_REMAIN_400',
  805: 'RESOURCES_REMAIN_805',
  5014: 'RESOURCES_REMAIN_5014',
  5016: 'RESOURCES_REMAIN_5016',
  18010: 'DIRECT_CONNECT_OR_NAS_IN_USE',
};

export const nameIn = (names: { ko: string; en: string; ja: string; zh: string }, lang: Lang) => names[lang] ?? names.ko;

export function toProductUi(ui: ProductUiRow, product: ProductRow, lang: Lang): ProductUi {
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
export function treeOf<T extends { productUiId: string; parentProductUiId: string | null; children: T[] }>(flat: T[]): T[] {
  const byId = new Map(flat.map((entry) => [entry.productUiId, entry]));
  const roots: T[] = [];
  for (const entry of flat) {
    const parent = entry.parentProductUiId ? byId.get(entry.parentProductUiId) : undefined;
    if (parent) parent.children.push(entry);
    else if (!entry.parentProductUiId) roots.push(entry);
  }
  return roots;
}

export function toProduct(row: ProductRow, lang: Lang) {
  return {
    productId: row.productId,
    productName: row.productName,
    productDisplayName: nameIn(row.names, lang),
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

export async function activity(
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


export const toSaasMember = (entry: { row: typeof saasMembers.$inferSelect; name: string; email: string }) => ({
  id: entry.row.id,
  memberUuid: entry.row.memberId,
  name: entry.name,
  email: entry.email,
  productId: entry.row.productId,
  role: entry.row.role,
  regDateTime: entry.row.createdAt.toISOString(),
});

export const RESULT_CODE_OF = (key: ResultCodeKey) => RESULT_CODES[key].code;

/** What the products service is built from (app.ts). */
export interface ProductsDeps {
  db: Database;
  authorizer: Authorizer;
  box: SecretBox;
  edition: Edition;
  log?: { warn: (obj: object, msg: string) => void };
  /** The notification outbox (modules/notifications/outbox.ts): service events, in the change's transaction. */
  notify?: (tx: Executor, event: NotificationEvent) => Promise<unknown>;
  /** The product hook outbox (product-hooks.ts): tells the product of a reissued SecretKey, in the reissue's transaction. */
  secretKeyReissued?: (tx: Executor, event: { orgId: string; projectId: string | null; productId: string; appKey: string; occurredAt: Date }) => Promise<unknown>;
  /** The same outbox: tells the product it was enabled or disabled, in the enable's or disable's transaction. */
  productHook?: (
    tx: Executor,
    event: { orgId: string; projectId: string | null; productId: string; appKey: string; eventType: 'PRODUCT_ENABLED' | 'PRODUCT_DISABLED'; occurredAt: Date },
  ) => Promise<unknown>;
}

/** The helpers every part of the products service shares (they close over its dependencies). */
export function createProductsShared(deps: ProductsDeps) {
  const { db, authorizer, box } = deps;
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

  return { notify, productUrlOf, toProductInUse, enableRefusal, projectGrantFor, toAuthentication };
}

export type ProductsShared = ReturnType<typeof createProductsShared>;
