import { beforeAll } from 'vitest';
import { orgDomains, iamMembers, type orgMembers } from '../db/schema/index.ts';
import { createMember, createOrg, createProject, FIXTURE_PASSWORD, fixturePasswordHash } from './fixtures.ts';
import { buildTestApp, type Caller, type TestApp } from './helper.ts';

type OrgRoleCode = (typeof orgMembers.$inferInsert)['roleCode'];

/** A person of the cast: their role in the organization (null: in no organization of the world), or more. */
export type CastEntry =
  | OrgRoleCode
  | null
  | { role: OrgRoleCode | null; name?: string; restrictTypes?: readonly string[] };

/** An IAM account of the world's organization (or of the other organization with `org: 'other'`). */
export interface IamEntry {
  userCode: string;
  /** `IAM <userCode>` unless told. */
  name?: string;
  /** `<userCode>@<mailDomain>` unless told. */
  email?: string;
  /** false: no password (cannot sign in), as an account made by SSO or left. */
  password?: boolean;
  org?: 'main' | 'other';
  extra?: Partial<typeof iamMembers.$inferInsert>;
}

export interface ProjectEntry<K extends string> {
  name: string;
  /** The organization's OWNER unless told. */
  owner?: K;
  org?: 'main' | 'other';
  /** Project members (cast or IAM keys) with their project role codes, in insertion order. */
  members?: Partial<Record<K, string[]>>;
}

export interface WorldOptions<C extends string, I extends string, P extends string> {
  /** buildTestApp's env; sign-in throttling is raised (LOGIN_RATE_LIMIT_PER_MINUTE 1000) unless told. */
  env?: Record<string, string>;
  /** Cast members sign in as `<key>@<mailDomain>`. */
  mailDomain: string;
  /** Display name of a cast member unless the entry names one: `<key> name` unless told (null: createMember's default). */
  nameOf?: ((key: string) => string) | null;
  /** The organization's name and options. */
  org?: { name?: string; domain?: string; projectLimit?: number };
  /**
   * The cast in creation order (key → organization role). The one with OWNER owns the organization.
   * Default: owner OWNER, admin ADMIN, member MEMBER, billing BILLING_VIEWER, outsider (none).
   */
  roles?: Record<C, CastEntry>;
  /** Another organization, owned by a cast member (`outsider` unless told), optionally with members and a domain. */
  otherOrg?: { name?: string; owner?: NoInfer<C>; roles?: Partial<Record<NoInfer<C>, OrgRoleCode>>; domain?: string; projectLimit?: number };
  /** IAM accounts by key. */
  iam?: Record<I, IamEntry>;
  /** Projects by key. */
  projects?: Record<P, ProjectEntry<NoInfer<C | I>>>;
  /**
   * Who signs in (cloud members by email, IAM accounts by the organization's domain). Default:
   * every cast member, and every IAM account of the organization with a password when it has a domain.
   */
  signIn?: readonly NoInfer<C | I>[];
}

export interface World<C extends string, I extends string, P extends string> {
  t: TestApp;
  orgId: string;
  /** The other organization's id ('' when there is none). */
  otherOrgId: string;
  /** Member ids (members.id for the cast, iam_members.id for IAM accounts). */
  ids: Record<C | I, string>;
  /** Signed-in callers; asking for one who did not sign in throws. */
  as: Record<C | I, Caller>;
  projects: Record<P, string>;
  email(key: C): string;
}

const DEFAULT_CAST = { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', billing: 'BILLING_VIEWER', outsider: null } as const;
type DefaultCast = keyof typeof DEFAULT_CAST;

/** Keys that formatters and promise checks probe on any object: they answer undefined, not an error. */
const PROBES = new Set(['then', 'toJSON', 'asymmetricMatch', 'nodeType', 'tagName', '$$typeof', '_isMockFunction', 'constructor']);

const strict = <V>(what: string, record: Record<string, V>): Record<string, V> =>
  new Proxy(record, {
    get(target, key) {
      if (typeof key === 'string' && !(key in target) && !PROBES.has(key) && !key.startsWith('@@')) throw new Error(`world: no ${what} "${key}"`);
      return target[key as string];
    },
  });

/**
 * The usual cast of an API test, built in one call: an organization with an OWNER, ADMIN, MEMBER,
 * BILLING_VIEWER and an outsider (or the roles given), IAM accounts, projects with their members,
 * another organization; answers ids and signed-in callers. Rows are written with the same
 * fixtures as before (no activity events, so feeds and snapshots start empty); sign-in goes
 * through the real login endpoints.
 */
export async function world<C extends string = DefaultCast, I extends string = never, P extends string = never>(
  options: WorldOptions<C, I, P>,
): Promise<World<C, I, P>> {
  const t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000', ...options.env });
  const cast = (options.roles ?? DEFAULT_CAST) as Record<string, CastEntry>;
  const nameOf = options.nameOf === undefined ? (key: string) => `${key} name` : options.nameOf;
  const email = (key: string) => `${key}@${options.mailDomain}`;
  const ids: Record<string, string> = {};
  const roleOf: Record<string, OrgRoleCode | null> = {};

  for (const [key, entry] of Object.entries(cast)) {
    const spec = entry !== null && typeof entry === 'object' ? entry : { role: entry };
    roleOf[key] = spec.role;
    const name = spec.name ?? nameOf?.(key);
    ids[key] = (await createMember(t.db, email(key), { ...(name === undefined ? {} : { name }), ...(spec.restrictTypes ? { restrictTypes: spec.restrictTypes } : {}) })).id;
  }
  const ownerKey = Object.keys(roleOf).find((key) => roleOf[key] === 'OWNER');
  if (!ownerKey) throw new Error('world: the cast needs an OWNER');
  const others = Object.entries(roleOf)
    .filter(([key, role]) => role !== null && key !== ownerKey)
    .map(([key, role]) => ({ memberId: ids[key]!, role: role! }));
  const org = options.org ?? {};
  const orgId = (await createOrg(t.db, org.name ?? 'World Org', ids[ownerKey]!, others, org.projectLimit === undefined ? {} : { projectLimit: org.projectLimit })).id;
  if (org.domain) await t.db.insert(orgDomains).values({ orgId, domainName: org.domain });

  let otherOrgId = '';
  if (options.otherOrg) {
    const other = options.otherOrg;
    const otherOwner = other.owner ?? 'outsider';
    if (!ids[otherOwner]) throw new Error(`world: the other organization's owner "${otherOwner}" is not in the cast`);
    const otherMembers = Object.entries(other.roles ?? {}).map(([key, role]) => ({ memberId: ids[key]!, role: role as OrgRoleCode }));
    otherOrgId = (await createOrg(t.db, other.name ?? 'Other Org', ids[otherOwner]!, otherMembers, other.projectLimit === undefined ? {} : { projectLimit: other.projectLimit })).id;
    if (other.domain) await t.db.insert(orgDomains).values({ orgId: otherOrgId, domainName: other.domain });
  }

  const iamKeys: string[] = [];
  const iamEntries = Object.entries((options.iam ?? {}) as Record<string, IamEntry>);
  for (const [position, [key, entry]] of iamEntries.entries()) {
    const inOrg = entry.org === 'other' ? otherOrgId : orgId;
    if (!inOrg) throw new Error(`world: IAM account "${key}" needs the other organization`);
    const [row] = await t.db
      .insert(iamMembers)
      .values({
        orgId: inOrg,
        userCode: entry.userCode,
        name: entry.name ?? `IAM ${entry.userCode}`,
        email: entry.email ?? `${entry.userCode}@${options.mailDomain}`,
        // The app's clock, not the database's: the password's age is measured against the test clock.
        // A millisecond apart, in the cast's order, so sorting by registration is well defined.
        createdAt: new Date(t.clock.now().getTime() - (iamEntries.length - position)),
        ...(entry.password === false ? {} : { passwordHash: await fixturePasswordHash() }),
        ...entry.extra,
      })
      .returning();
    ids[key] = row!.id;
    if (entry.org !== 'other' && entry.password !== false && org.domain) iamKeys.push(key);
  }

  const projects: Record<string, string> = {};
  for (const [key, entry] of Object.entries((options.projects ?? {}) as Record<string, ProjectEntry<string>>)) {
    const inOrg = entry.org === 'other' ? otherOrgId : orgId;
    const owner = entry.owner ?? (entry.org === 'other' ? (options.otherOrg?.owner ?? 'outsider') : ownerKey);
    const memberships = Object.entries(entry.members ?? {}).map(([who, roleCodes]) =>
      who in cast ? { memberId: ids[who]!, roleCodes: roleCodes! } : { iamMemberId: ids[who]!, roleCodes: roleCodes! },
    );
    projects[key] = (await createProject(t.db, inOrg, entry.name, ids[owner]!, memberships)).id;
  }

  const as: Record<string, Caller> = {};
  const iamSet = new Set(Object.keys(options.iam ?? {}));
  for (const key of options.signIn ?? [...Object.keys(cast), ...iamKeys]) {
    if (iamSet.has(key)) {
      const entry = (options.iam as Record<string, IamEntry>)[key]!;
      const domain = entry.org === 'other' ? options.otherOrg?.domain : org.domain;
      if (!domain) throw new Error(`world: IAM account "${key}" signs in through a domain; give its organization one`);
      as[key] = await t.iamLogin(domain, entry.userCode, FIXTURE_PASSWORD);
    } else {
      as[key] = await t.login(email(key), FIXTURE_PASSWORD);
    }
  }

  return {
    t,
    orgId,
    otherOrgId,
    ids: strict('member', ids) as Record<C | I, string>,
    as: strict('signed-in caller', as) as Record<C | I, Caller>,
    projects: strict('project', projects) as Record<P, string>,
    email,
  };
}

/**
 * `world(options)` built in a `beforeAll` of the file that calls this at its top level: answers the
 * world's handle at once, its fields filled before the first test (`w.t`, `w.as.admin`,
 * `w.orgId` …), so a test file declares its cast once instead of a variable per person.
 */
export function worldOf<C extends string = DefaultCast, I extends string = never, P extends string = never>(
  options: WorldOptions<C, I, P>,
): World<C, I, P> {
  const handle = {} as World<C, I, P>;
  beforeAll(async () => {
    Object.assign(handle, await world(options));
  });
  return handle;
}
