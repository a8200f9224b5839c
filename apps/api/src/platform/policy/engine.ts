import {
  ALL_PERMISSIONS,
  BUILT_IN_PROJECT_ROLES,
  parseProductPermissionId,
  parseRoleId,
  permissionsOfBuiltInRoles,
  type DenialSetting,
  type PermissionName,
  type RoleCondition,
} from '@console/contracts';
import { compileCondition, nextValidFrom, type CompiledCondition, type RequestAttributes } from './conditions.ts';

/**
 * The permission engine (issue 5): built-in roles and role groups → permissions, with conditions
 * and denies.
 *
 * - Built-in organization and project roles are unconditional allows.
 * - A role of one of the caller's role groups applies only when ALL its conditions hold. An ALLOW
 *   role adds its permissions; a DENY role takes its permissions away (no conditions: always).
 *   Deny wins over any allow. Nothing else allows: default deny.
 * - Role groups act in a project only and grant project permissions only: a group's
 *   `PROJECT_ROLE:X` gives X's permissions, `ORG_ROLE:OWNER|ADMIN` every project permission (as
 *   they do in every project), other organization roles nothing there; an unknown id nothing.
 *
 * - Product permissions (`{Product}:{Permission}`, contracts product-permissions.ts) are their own
 *   entries: one is held when its product is in the catalogue (`setProductCatalogue`, loaded from
 *   the products table at start) and either the unprefixed permission is held, or an applying
 *   group role names the product permission itself (that product only). A DENY naming the product
 *   permission, or taking the unprefixed one away, takes it away. Unknown products: never held.
 *
 * Speed: permissions are numbered; each role's permissions are a bit set built once. `compilePolicy`
 * turns one caller's roles and groups into base bits (the unconditional allows) plus conditional
 * rules; `bindPolicy` evaluates every rule's conditions once against the request and folds them
 * into one bit set, so every `has` after that is an array lookup — no query, no condition.
 */

const PERMISSIONS: readonly PermissionName[] = ALL_PERMISSIONS;
const INDEX = new Map<string, number>(PERMISSIONS.map((permission, index) => [permission, index]));
const WORDS = Math.ceil(PERMISSIONS.length / 32);

export type Bits = Uint32Array;
const emptyBits = (): Bits => new Uint32Array(WORDS);

function bitsOf(permissions: Iterable<PermissionName>): Bits {
  const bits = emptyBits();
  for (const permission of permissions) {
    const index = INDEX.get(permission)!;
    bits[index >>> 5]! |= 1 << (index & 31);
  }
  return bits;
}

const hasBit = (bits: Bits, index: number) => ((bits[index >>> 5]! >>> (index & 31)) & 1) === 1;

/** The index of a permission id, or -1 for anything not in the catalogue. */
export const permissionIndexOf = (permissionId: string): number => INDEX.get(permissionId) ?? -1;

/** The product catalogue's permission names (products.permission_name) → product id. */
let productCatalogue: ReadonlyMap<string, string> = new Map();

/**
 * The products whose permissions exist (the catalogue is data: the app loads it from the products
 * table at start, before it takes requests). Replaces what was set before.
 */
export function setProductCatalogue(products: readonly { productId: string; permissionName: string }[]) {
  productCatalogue = new Map(products.map((product) => [product.permissionName, product.productId]));
}

/** The permission name of a catalogue product (what prefixes its permissions), or undefined. */
export function productPermissionNameOf(productId: string): string | undefined {
  for (const [name, id] of productCatalogue) if (id === productId) return name;
  return undefined;
}

/** A product permission of a catalogue product: its parts; anything else undefined. */
function catalogueProductPermission(permissionId: string) {
  const parsed = parseProductPermissionId(permissionId);
  return parsed && productCatalogue.has(parsed.productPermissionName) ? parsed : undefined;
}

/** Whether an id is a product permission of a catalogue product (what a role group may name). */
export const isCatalogueProductPermission = (permissionId: string) => catalogueProductPermission(permissionId) !== undefined;

const builtInCache = new Map<string, Bits>();
function cached(key: string, build: () => Iterable<PermissionName>): Bits {
  let bits = builtInCache.get(key);
  if (!bits) {
    bits = bitsOf(build());
    builtInCache.set(key, bits);
  }
  return bits;
}

/** Built-in organization roles: their organization permissions, and in a project what they reach there. */
const orgRoleBits = (role: string, inProject: boolean) =>
  cached(`org:${role}:${inProject}`, () => permissionsOfBuiltInRoles([role], inProject ? [] : undefined));
const projectRoleBits = (role: string) => cached(`project:${role}`, () => permissionsOfBuiltInRoles([], [role]));

/** What a role id inside a role group grants in a project (see the rules above). */
export function groupRoleBits(roleId: string): Bits {
  return cached(`group:${roleId}`, () => {
    const role = parseRoleId(roleId);
    if (!role) return [];
    if (role.category === 'PROJECT_ROLE') return BUILT_IN_PROJECT_ROLES[role.roleName];
    return [...permissionsOfBuiltInRoles([role.roleName], [])].filter((permission) => permission.startsWith('Project.'));
  });
}

/** A role of one of the caller's role groups, as stored. */
export interface GroupRoleInput {
  readonly roleGroupId: string;
  readonly roleGroupName: string;
  readonly roleId: string;
  readonly denialSetting: DenialSetting;
  readonly conditions: readonly RoleCondition[];
}

export interface PolicyInput {
  readonly orgRoles: readonly string[];
  /** Undefined for an organization-scoped check. */
  readonly projectRoles: readonly string[] | undefined;
  /** The caller's role-group roles in the project (ignored for an organization-scoped check). */
  readonly groupRoles: readonly GroupRoleInput[];
}

export interface CompiledRule {
  readonly role: GroupRoleInput;
  readonly deny: boolean;
  readonly bits: Bits;
  readonly conditions: readonly CompiledCondition[];
  /** The product permission the role names (its roleId), when it names one instead of a role. */
  readonly productPermission?: string;
}

export interface CompiledPolicy {
  /** The unconditional allows: built-in roles and group ALLOW roles without conditions. */
  readonly base: Bits;
  readonly allows: readonly CompiledRule[];
  readonly denies: readonly CompiledRule[];
  /** Group roles that name a product permission (their bits are empty: they grant or deny that id only). */
  readonly productRules: readonly CompiledRule[];
}

export function compilePolicy(input: PolicyInput): CompiledPolicy {
  const base = emptyBits();
  const or = (bits: Bits) => {
    for (let word = 0; word < WORDS; word += 1) base[word]! |= bits[word]!;
  };
  const inProject = input.projectRoles !== undefined;
  for (const role of input.orgRoles) or(orgRoleBits(role, inProject));
  for (const role of input.projectRoles ?? []) or(projectRoleBits(role));
  const allows: CompiledRule[] = [];
  const denies: CompiledRule[] = [];
  const productRules: CompiledRule[] = [];
  if (inProject) {
    for (const role of input.groupRoles) {
      if (parseProductPermissionId(role.roleId)) {
        const conditions = role.conditions.map(compileCondition);
        productRules.push({ role, deny: role.denialSetting === 'DENY', bits: emptyBits(), conditions, productPermission: role.roleId });
        continue;
      }
      const bits = groupRoleBits(role.roleId);
      const deny = role.denialSetting === 'DENY';
      const rule: CompiledRule = { role, deny, bits, conditions: role.conditions.map(compileCondition) };
      if (deny) denies.push(rule);
      else if (rule.conditions.length === 0) or(bits);
      else allows.push(rule);
    }
  }
  return { base, allows, denies, productRules };
}

/**
 * Whether a rule applies to the request: ALL its conditions hold. A malformed condition fails
 * closed both ways: it never lets an ALLOW apply, and always lets a DENY apply.
 */
export function ruleApplies(rule: CompiledRule, attributes: RequestAttributes): boolean {
  for (const condition of rule.conditions) {
    if (!condition.wellFormed) {
      if (rule.deny) continue;
      return false;
    }
    if (!condition.test(attributes)) return false;
  }
  return true;
}

/** A condition that kept an ALLOW role of the caller from granting a permission. */
export interface FailedConditionDetail {
  readonly rule: CompiledRule;
  readonly condition: CompiledCondition;
  /** The next instant it holds, within 8 days (TIME, DAY_OF_WEEK, DATE_TIME). */
  readonly validFrom: number | undefined;
}

/** The compiled policy bound to one request: every decision of the request comes from here. */
export interface PolicyView {
  readonly policy: CompiledPolicy;
  readonly attributes: RequestAttributes;
  /** The permissions the caller holds for this request, as bits. */
  readonly bits: Bits;
  /** By catalogue index (permissionIndexOf); -1 answers false. */
  hasIndex(index: number): boolean;
  /**
   * By permission id: `Scope.Target.Action`, or a product permission `{Product}:Scope.Target.Action`
   * of a catalogue product (see the rules above). Unknown ids answer false.
   */
  has(permissionId: string): boolean;
  /** Every permission held, as a set (for services and GET self/roles). */
  permissions(): Set<PermissionName>;
  /** Why a permission (or a product permission) is not held: the denies that took it and the conditions that failed. */
  explain(permission: string): { deniedBy: CompiledRule[]; failedConditions: FailedConditionDetail[] };
}

export function bindPolicy(policy: CompiledPolicy, attributes: RequestAttributes): PolicyView {
  const bits = emptyBits();
  bits.set(policy.base);
  for (const rule of policy.allows) {
    if (!ruleApplies(rule, attributes)) continue;
    for (let word = 0; word < WORDS; word += 1) bits[word]! |= rule.bits[word]!;
  }
  // Bits some applying DENY took away: they take the product permissions over them away too.
  const deniedBits = emptyBits();
  for (const rule of policy.denies) {
    if (!ruleApplies(rule, attributes)) continue;
    for (let word = 0; word < WORDS; word += 1) {
      bits[word]! &= ~rule.bits[word]!;
      deniedBits[word]! |= rule.bits[word]!;
    }
  }
  const productAllowed = new Set<string>();
  const productDenied = new Set<string>();
  for (const rule of policy.productRules) {
    if (ruleApplies(rule, attributes)) (rule.deny ? productDenied : productAllowed).add(rule.productPermission!);
  }
  const hasIndex = (index: number) => index >= 0 && hasBit(bits, index);
  const hasProductPermission = (permissionId: string) => {
    const parsed = catalogueProductPermission(permissionId);
    if (!parsed || productDenied.has(permissionId)) return false;
    const index = INDEX.get(parsed.postfix)!;
    return hasBit(bits, index) || (productAllowed.has(permissionId) && !hasBit(deniedBits, index));
  };
  return {
    policy,
    attributes,
    bits,
    hasIndex,
    has(permissionId) {
      const index = INDEX.get(permissionId);
      if (index !== undefined) return hasBit(bits, index);
      return hasProductPermission(permissionId);
    },
    permissions() {
      const held = new Set<PermissionName>();
      for (let index = 0; index < PERMISSIONS.length; index += 1) if (hasBit(bits, index)) held.add(PERMISSIONS[index]!);
      return held;
    },
    explain(permissionId) {
      const postfix = INDEX.has(permissionId) ? permissionId : catalogueProductPermission(permissionId)?.postfix;
      const index = postfix === undefined ? -1 : INDEX.get(postfix)!;
      const names = (rule: CompiledRule) => (rule.productPermission === undefined ? index >= 0 && hasBit(rule.bits, index) : rule.productPermission === permissionId);
      const deniedBy = [...policy.denies, ...policy.productRules.filter((rule) => rule.deny)].filter((rule) => names(rule) && ruleApplies(rule, attributes));
      const failedConditions: FailedConditionDetail[] = [];
      for (const rule of [...policy.allows, ...policy.productRules.filter((each) => !each.deny)]) {
        if (!names(rule)) continue;
        for (const condition of rule.conditions) {
          if (condition.wellFormed && condition.test(attributes)) continue;
          failedConditions.push({ rule, condition, validFrom: nextValidFrom(condition, attributes) });
        }
      }
      return { deniedBy, failedConditions };
    },
  };
}

/** Compile and bind in one step (one caller, one request). */
export const policyViewOf = (input: PolicyInput, attributes: RequestAttributes) => bindPolicy(compilePolicy(input), attributes);
