import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { projectInOrg } from '../../db/project-row.ts';
import {
  lnbProjectProductRelations,
  members,
  orgMembers,
  orgProducts,
  organizations,
  productRecommendations,
  productResourceReports,
  productUis,
  products,
  projectAuthentications,
  projectProducts,
  projects,
  saasMembers,
} from '../../db/schema/index.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductUiRow = typeof productUis.$inferSelect;
export type ProjectProductRow = typeof projectProducts.$inferSelect;
export type OrgProductRow = typeof orgProducts.$inferSelect;
export type AuthenticationRow = typeof projectAuthentications.$inferSelect;

/**
 * Queries of the services module. The catalogue tables (products, product_uis, recommendations)
 * are reference data shared by every organization; everything else is scoped by org_id, except
 * the look-ups by an Appkey or an id that name the organization themselves (the caller's
 * permission is then checked in that organization, and another organization's row answers not-found).
 */
export const productsRepository = {
  async products(db: Executor, statusCodes?: readonly string[]) {
    return db
      .select()
      .from(products)
      .where(statusCodes ? inArray(products.statusCode, statusCodes as ProductRow['statusCode'][]) : undefined)
      .orderBy(asc(products.productId));
  },

  async product(db: Executor, productId: string) {
    const [row] = await db.select().from(products).where(eq(products.productId, productId)).limit(1);
    return row;
  },

  /** Menu entries of STABLE products, with their product's status. */
  async productUis(db: Executor, filter: { productUiType?: ProductUiRow['productUiType']; productId?: string; productUiIds?: readonly string[] }) {
    return db
      .select({ ui: productUis, product: products })
      .from(productUis)
      .innerJoin(products, eq(products.productId, productUis.productId))
      .where(
        and(
          eq(products.statusCode, 'STABLE'),
          filter.productUiType ? eq(productUis.productUiType, filter.productUiType) : undefined,
          filter.productId ? eq(productUis.productId, filter.productId) : undefined,
          filter.productUiIds ? inArray(productUis.productUiId, [...filter.productUiIds]) : undefined,
        ),
      )
      .orderBy(asc(productUis.orderIdx), asc(productUis.productUiId));
  },

  async icons(db: Executor) {
    return db
      .select({ productUiId: productUis.productUiId, icon: productUis.icon })
      .from(productUis)
      .where(sql`${productUis.icon} is not null`)
      .orderBy(asc(productUis.orderIdx));
  },

  async recommendations(db: Executor) {
    return db
      .select({ rec: productRecommendations, ui: productUis })
      .from(productRecommendations)
      .innerJoin(productUis, eq(productUis.productUiId, productRecommendations.productUiId))
      .innerJoin(products, eq(products.productId, productRecommendations.productId))
      .where(eq(products.statusCode, 'STABLE'))
      .orderBy(asc(productRecommendations.recommendationSortOrder), asc(productRecommendations.recommendationId));
  },

  async projectProduct(db: Executor, orgId: string, projectId: string, productId: string) {
    const [row] = await db
      .select()
      .from(projectProducts)
      .where(and(eq(projectProducts.orgId, orgId), eq(projectProducts.projectId, projectId), eq(projectProducts.productId, productId)))
      .limit(1);
    return row;
  },

  async lockProjectProduct(db: Executor, orgId: string, projectId: string, productId: string) {
    const [row] = await db
      .select()
      .from(projectProducts)
      .where(and(eq(projectProducts.orgId, orgId), eq(projectProducts.projectId, projectId), eq(projectProducts.productId, productId)))
      .limit(1)
      .for('update');
    return row;
  },

  async enabledProductIds(db: Executor, orgId: string, projectId: string): Promise<Set<string>> {
    const rows = await db
      .select({ productId: projectProducts.productId })
      .from(projectProducts)
      .where(and(eq(projectProducts.orgId, orgId), eq(projectProducts.projectId, projectId)));
    return new Set(rows.map((row) => row.productId));
  },

  /** The project's row, locked: enabling and disabling in one project run one at a time. */
  lockProject: (db: Executor, orgId: string, projectId: string) => projectInOrg(db, orgId, projectId, { lock: true }),

  /** A service Appkey anywhere (the key names its organization). */
  async projectProductByAppKey(db: Executor, appKey: string) {
    const [row] = await db.select().from(projectProducts).where(eq(projectProducts.appKey, appKey)).limit(1);
    return row;
  },

  async orgProductByAppKey(db: Executor, appKey: string) {
    const [row] = await db.select().from(orgProducts).where(eq(orgProducts.appKey, appKey)).limit(1);
    return row;
  },

  async orgProduct(db: Executor, orgId: string, productId: string) {
    const [row] = await db
      .select()
      .from(orgProducts)
      .where(and(eq(orgProducts.orgId, orgId), eq(orgProducts.productId, productId)))
      .limit(1);
    return row;
  },

  /** The organization service's row, locked for the change (disable, SaaS roles and OWNER). */
  async lockOrgProduct(db: Executor, orgId: string, productId: string) {
    const [row] = await db
      .select()
      .from(orgProducts)
      .where(and(eq(orgProducts.orgId, orgId), eq(orgProducts.productId, productId)))
      .limit(1)
      .for('update');
    return row;
  },

  async lnbRelations(db: Executor, orgId: string, projectId: string) {
    return db
      .select()
      .from(lnbProjectProductRelations)
      .where(and(eq(lnbProjectProductRelations.orgId, orgId), eq(lnbProjectProductRelations.projectId, projectId)))
      .orderBy(asc(lnbProjectProductRelations.orderIdx), asc(lnbProjectProductRelations.createdAt));
  },

  async lnbRelationById(db: Executor, id: string) {
    const [row] = await db.select().from(lnbProjectProductRelations).where(eq(lnbProjectProductRelations.id, id)).limit(1);
    return row;
  },

  /** Appends the product to the project's left menu (no-op when it is there). */
  async addLnbRelation(db: Executor, orgId: string, projectId: string, productId: string, now: Date) {
    const [row] = await db
      .insert(lnbProjectProductRelations)
      .values({
        orgId,
        projectId,
        productId,
        orderIdx: sql`(select coalesce(max(${lnbProjectProductRelations.orderIdx}), 0) + 1 from ${lnbProjectProductRelations} where ${lnbProjectProductRelations.orgId} = ${orgId} and ${lnbProjectProductRelations.projectId} = ${projectId})`,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async deleteLnbRelations(db: Executor, orgId: string, projectId: string, productId: string) {
    await db
      .delete(lnbProjectProductRelations)
      .where(
        and(
          eq(lnbProjectProductRelations.orgId, orgId),
          eq(lnbProjectProductRelations.projectId, projectId),
          eq(lnbProjectProductRelations.productId, productId),
        ),
      );
  },

  async resourceCount(db: Executor, orgId: string, projectId: string, productId: string, lock = false) {
    const query = db
      .select({ resourceCount: productResourceReports.resourceCount })
      .from(productResourceReports)
      .where(
        and(
          eq(productResourceReports.orgId, orgId),
          eq(productResourceReports.projectId, projectId),
          eq(productResourceReports.productId, productId),
        ),
      )
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row?.resourceCount ?? 0;
  },

  async reportResources(db: Executor, orgId: string, projectId: string, productId: string, resourceCount: number, now: Date) {
    await db
      .insert(productResourceReports)
      .values({ orgId, projectId, productId, resourceCount, reportedAt: now })
      .onConflictDoUpdate({
        target: [productResourceReports.orgId, productResourceReports.projectId, productResourceReports.productId],
        set: { resourceCount, reportedAt: now },
      });
  },

  async deleteResourceReport(db: Executor, orgId: string, projectId: string, productId: string) {
    await db
      .delete(productResourceReports)
      .where(
        and(
          eq(productResourceReports.orgId, orgId),
          eq(productResourceReports.projectId, projectId),
          eq(productResourceReports.productId, productId),
        ),
      );
  },

  /** The organization's OWNER with what enabling reads of them (payment method, unpaid block, account type). */
  async orgOwner(db: Executor, orgId: string) {
    const [row] = await db
      .select({
        memberId: members.id,
        accountType: members.accountType,
        paymentMethodStatus: members.paymentMethodStatus,
        unpaidBlocked: members.unpaidBlocked,
      })
      .from(organizations)
      .innerJoin(members, eq(members.id, organizations.ownerMemberId))
      .where(eq(organizations.id, orgId))
      .limit(1);
    return row;
  },

  async memberBilling(db: Executor, memberId: string) {
    const [row] = await db.select({ unpaidBlocked: members.unpaidBlocked }).from(members).where(eq(members.id, memberId)).limit(1);
    return row;
  },

  async orgsOfMember(db: Executor, memberId: string) {
    return db
      .select({ orgId: organizations.id, orgName: organizations.name, roleCode: orgMembers.roleCode })
      .from(orgMembers)
      .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
      .where(eq(orgMembers.memberId, memberId))
      .orderBy(asc(organizations.name));
  },

  async orgProductIds(db: Executor, orgIds: readonly string[], productId: string) {
    if (orgIds.length === 0) return new Set<string>();
    const rows = await db
      .select({ orgId: orgProducts.orgId })
      .from(orgProducts)
      .where(and(inArray(orgProducts.orgId, [...orgIds]), eq(orgProducts.productId, productId)));
    return new Set(rows.map((row) => row.orgId));
  },

  async projectsOfOrg(db: Executor, orgId: string) {
    return db
      .select({ id: projects.id, name: projects.name, ownerMemberId: projects.ownerMemberId, timeZone: organizations.timeZone })
      .from(projects)
      .innerJoin(organizations, eq(organizations.id, projects.orgId))
      .where(eq(projects.orgId, orgId))
      .orderBy(asc(projects.createdAt));
  },

  async projectsWithProduct(db: Executor, orgId: string, productId: string) {
    const rows = await db
      .select({ projectId: projectProducts.projectId })
      .from(projectProducts)
      .where(and(eq(projectProducts.orgId, orgId), eq(projectProducts.productId, productId)));
    return new Set(rows.map((row) => row.projectId));
  },

  async orgMember(db: Executor, orgId: string, memberId: string) {
    const [row] = await db
      .select({ memberId: members.id, name: members.name, email: members.email, roleCode: orgMembers.roleCode, status: members.status })
      .from(orgMembers)
      .innerJoin(members, eq(members.id, orgMembers.memberId))
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.memberId, memberId)))
      .limit(1);
    return row;
  },

  async saasMembers(db: Executor, orgId: string, productId: string, role: string | undefined, page: number, limit: number) {
    const where = and(
      eq(saasMembers.orgId, orgId),
      eq(saasMembers.productId, productId),
      role ? eq(saasMembers.role, role as 'OWNER') : undefined,
    );
    const rows = await db
      .select({ row: saasMembers, name: members.name, email: members.email })
      .from(saasMembers)
      .innerJoin(members, eq(members.id, saasMembers.memberId))
      .where(where)
      .orderBy(sql`case ${saasMembers.role} when 'OWNER' then 0 when 'ADMIN' then 1 when 'MEMBER' then 2 else 3 end`, asc(members.name), asc(saasMembers.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(saasMembers).where(where);
    return { rows, totalCount: count?.n ?? 0 };
  },

  async saasMember(db: Executor, orgId: string, productId: string, memberId: string) {
    const [row] = await db
      .select({ row: saasMembers, name: members.name, email: members.email })
      .from(saasMembers)
      .innerJoin(members, eq(members.id, saasMembers.memberId))
      .where(and(eq(saasMembers.orgId, orgId), eq(saasMembers.productId, productId), eq(saasMembers.memberId, memberId)))
      .limit(1);
    return row;
  },

  async authentications(db: Executor, orgId: string, projectId: string) {
    return db
      .select()
      .from(projectAuthentications)
      .where(and(eq(projectAuthentications.orgId, orgId), eq(projectAuthentications.projectId, projectId)))
      .orderBy(asc(projectAuthentications.createdAt), asc(projectAuthentications.authId));
  },

  async authenticationById(db: Executor, authId: string) {
    const [row] = await db.select().from(projectAuthentications).where(eq(projectAuthentications.authId, authId)).limit(1);
    return row;
  },

  async lockAuthentication(db: Executor, orgId: string, authId: string) {
    const [row] = await db
      .select()
      .from(projectAuthentications)
      .where(and(eq(projectAuthentications.orgId, orgId), eq(projectAuthentications.authId, authId)))
      .limit(1)
      .for('update');
    return row;
  },
};

