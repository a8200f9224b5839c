import { ICON_TIMEOUT_MS, RECOMMENDATION_LIMIT, type Lang, type ProductUiInUse } from '@console/contracts';
import { grantOf, orgRolesOfGrant, projectGrantOf, type RequestContext, type SignedInContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { productsRepository as repo, type ProductUiRow, type ProjectProductRow } from './products.repository.ts';
import { nameIn, toProduct, toProductUi, treeOf, withTimeout, type ProductsDeps, type ProductsShared } from './products.shared.ts';

/** The catalogue and its menus (spec §3 Product, Product menu entry, ProductRecommendation; §7 "Product menus"). */
export function createCatalogueMethods(deps: ProductsDeps, shared: ProductsShared) {
  const { db, authorizer, edition } = deps;
  const { projectGrantFor } = shared;
  return {
    // ---- catalogue and menus ----

    /** Only STABLE products are listed to customers (spec §4): other status codes asked for answer nothing. */
    async listProducts(statusCodes: readonly string[] | undefined, lang: Lang) {
      const wanted = (statusCodes ?? ['STABLE']).filter((code) => code === 'STABLE');
      if (wanted.length === 0) return { products: [] };
      return { products: (await repo.products(db, wanted)).map((row) => toProduct(row, lang)) };
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
  };
}
