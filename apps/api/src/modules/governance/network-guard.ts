import type { Endpoint } from '@console/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { createAuthzCache } from '../../platform/authz-cache.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { compileIpMatcher, type IpMatcher } from '../../platform/policy/ip.ts';
import { clientCountryOf } from '../organizations/ip-acl.ts';
import type { CountryLookup } from './geo-country.ts';

/** An organization's network rules as the guard applies them (absent rule: no restriction). */
export interface NetworkRules {
  /** The console's IP ACL when SETTING: its blocks, compiled. */
  readonly ipAcl: { readonly ips: readonly string[]; readonly allows: IpMatcher } | undefined;
  /** The country rule when USE: the allowed countries. */
  readonly countries: ReadonlySet<string> | undefined;
  /**
   * Under the INDIVIDUAL type, each product's own list in SETTING, by productId: it decides who
   * reaches that product's calls, on top of the console's list (docs/decisions.md).
   */
  readonly products: ReadonlyMap<string, IpMatcher>;
  /** Privacy protection when USE: the addresses from which others' personal data is shown in plain. */
  readonly privacy: IpMatcher | undefined;
}

export type NetworkVerdict = 'ALLOWED' | 'IP_NOT_ALLOWED' | 'COUNTRY_NOT_PERMITTED';

type ProductLists = Readonly<Record<string, readonly string[]>>;

/** The organization's rules in ONE statement (read on a cache miss only). */
export async function readNetworkRules(db: Executor, orgId: string): Promise<NetworkRules> {
  const { rows } = await db.execute<{ ips: string[] | null; countries: string[] | null; products: ProductLists | null; privacy: string[] | null }>(sql`
    select
      (select ips from org_ip_acls where org_id = ${orgId} and product_id = '' and selection = 'SETTING') as ips,
      (select country_codes from org_governance_settings
        where org_id = ${orgId} and governance_type = 'FOREIGN_ACCESS_BLOCK' and setting_type = 'USE') as countries,
      (select json_object_agg(acl.product_id, acl.ips) from org_ip_acls acl
        join organizations org on org.id = acl.org_id and org.ip_acl_type_code = 'INDIVIDUAL'
        where acl.org_id = ${orgId} and acl.product_id <> '' and acl.selection = 'SETTING') as products,
      (select ips from org_governance_settings
        where org_id = ${orgId} and governance_type = 'PRIVACY_PROTECTION' and setting_type = 'USE') as privacy`);
  return compileNetworkRules(rows[0]?.ips ?? null, rows[0]?.countries ?? null, rows[0]?.products ?? null, rows[0]?.privacy ?? null);
}

export function compileNetworkRules(
  ips: readonly string[] | null,
  countries: readonly string[] | null,
  products: ProductLists | null = null,
  privacy: readonly string[] | null = null,
): NetworkRules {
  return {
    privacy: privacy === null ? undefined : compileIpMatcher(privacy),
    ipAcl: ips === null ? undefined : { ips, allows: compileIpMatcher(ips) },
    countries: countries === null ? undefined : new Set(countries),
    products: new Map(Object.entries(products ?? {}).map(([productId, list]) => [productId, compileIpMatcher(list)])),
  };
}

/**
 * The verdict of the rules for an address. The IP ACL first (IP_NOT_ALLOWED), then the country rule (COUNTRY_NOT_PERMITTED).
 * An address the database places in no country (private, loopback, reserved, IPv6) passes the
 * country rule: the IP ACL is the rule for those (docs/decisions.md).
 */
export function verdictOf(rules: NetworkRules, clientIp: string, countryCode: string | null, productId?: string): NetworkVerdict {
  if (rules.ipAcl && !rules.ipAcl.allows(clientIp)) return 'IP_NOT_ALLOWED';
  const productList = productId === undefined ? undefined : rules.products.get(productId);
  if (productList && !productList(clientIp)) return 'IP_NOT_ALLOWED';
  if (rules.countries && countryCode !== null && !rules.countries.has(countryCode)) return 'COUNTRY_NOT_PERMITTED';
  return 'ALLOWED';
}

const isBillingCall = (endpoint: Endpoint | undefined) =>
  endpoint !== undefined &&
  endpoint.access.kind === 'permission' && endpoint.access.permissions.some((permission) => permission.includes('.Payment.'));

/**
 * The server-side enforcement of the organization's IP ACL and country rule on every organization
 * and project call (registerEndpoint runs `check` right after the permission check, which found
 * the organization). The rules are kept in memory per authorization epoch, like the permission
 * check's data (platform/authz-cache.ts): migration 0011's triggers bump the epoch when they
 * change, so a warm call sends no statement for them.
 */
export function createNetworkGuard(deps: { db: Database; countries: CountryLookup; countryHeader: string | undefined }) {
  const cache = createAuthzCache();

  const rulesOf = (orgId: string, epoch: number | undefined) => cache.get(epoch, `network:${orgId}`, () => readNetworkRules(deps.db, orgId));

  /** The caller's access country: the trusted proxy's header when configured, else the database's. */
  function countryOfRequest(clientIp: string, headers: FastifyRequest['headers']): string | null {
    return clientCountryOf(headers, deps.countryHeader) ?? deps.countries.countryOf(clientIp);
  }

  return {
    rulesOf,
    countryOfRequest,
    countryOf: (address: string) => deps.countries.countryOf(address),

    /**
     * Throws IP_NOT_ALLOWED / COUNTRY_NOT_PERMITTED (BILLING_COUNTRY_IP_NOT_ALLOWED on billing calls) when the organization's rules refuse the request.
     * A product's call (`productId`: a route's :productId, the product proxy) also meets that
     * product's own list under the INDIVIDUAL type.
     */
    async check(orgId: string, ctx: RequestContext, headers: FastifyRequest['headers'], endpoint: Endpoint | undefined, productId?: string): Promise<void> {
      const rules = await rulesOf(orgId, ctx.authzEpoch);
      // Privacy protection: from an address not on its list, others' personal data is masked (this request only).
      if (rules.privacy && ctx.caller && !rules.privacy(ctx.clientIp)) ctx.caller = { ...ctx.caller, privacyProtected: true };
      if (!rules.ipAcl && !rules.countries && (productId === undefined || !rules.products.has(productId))) return;
      const countryCode = rules.countries ? countryOfRequest(ctx.clientIp, headers) : null;
      const verdict = verdictOf(rules, ctx.clientIp, countryCode, productId);
      if (verdict === 'ALLOWED') return;
      const extra = { clientIp: ctx.clientIp, countryCode, orgId, ...(productId !== undefined && rules.products.has(productId) ? { productId } : {}) };
      if (verdict === 'IP_NOT_ALLOWED') throw new AppError('IP_NOT_ALLOWED', { extra });
      throw new AppError(isBillingCall(endpoint) ? 'BILLING_COUNTRY_IP_NOT_ALLOWED' : 'COUNTRY_NOT_PERMITTED', { extra });
    },
  };
}

export type NetworkGuard = ReturnType<typeof createNetworkGuard>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The organization's IP ACL and country rule, checked by registerEndpoint (modules/governance). */
    networkGuard: NetworkGuard;
  }
}
