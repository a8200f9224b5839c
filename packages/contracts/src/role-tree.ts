/**
 * The role tree (spec §3 RoleTreeNode), derived from the catalogue's permission sets, and roles as
 * the API answers them in one language.
 */
import { z } from 'zod';
import { ROLE_PROPERTIES } from './conditions.ts';
import type { Lang } from './locales.ts';
import { ROLE_CATEGORIES } from './permissions.ts';
import { ROLE_CATALOGUE, type BuiltInRole } from './role-catalogue.ts';
import { ROLE_CATEGORY_TYPE_CODES } from './role-categories.ts';

// ---- the derived tree ----

export interface RoleLinks {
  readonly parentRoleIds: readonly string[];
  readonly childRoleIds: readonly string[];
}

const isStrictSubset = (small: ReadonlySet<string>, big: ReadonlySet<string>) =>
  small.size < big.size && [...small].every((item) => big.has(item));

/**
 * The immediate parent and child links of roles, derived from their permission sets: A is a
 * parent of B when both are of one category, B grants something, and B's permissions are a strict
 * subset of A's with no role C strictly between them. Roles granting nothing (NONE) have no links.
 */
export function deriveRoleTree(roles: readonly Pick<BuiltInRole, 'roleId' | 'category' | 'permissions'>[]): Map<string, RoleLinks> {
  const sets = new Map(roles.map((role) => [role.roleId, new Set<string>(role.permissions)]));
  const contains = (a: string, b: string) => {
    const ra = roles.find((role) => role.roleId === a)!;
    const rb = roles.find((role) => role.roleId === b)!;
    const setB = sets.get(b)!;
    return ra.category === rb.category && setB.size > 0 && isStrictSubset(setB, sets.get(a)!);
  };
  const parents = new Map<string, string[]>(roles.map((role) => [role.roleId, []]));
  const children = new Map<string, string[]>(roles.map((role) => [role.roleId, []]));
  for (const a of roles) {
    for (const b of roles) {
      if (!contains(a.roleId, b.roleId)) continue;
      const between = roles.some((c) => contains(a.roleId, c.roleId) && contains(c.roleId, b.roleId));
      if (between) continue;
      parents.get(b.roleId)!.push(a.roleId);
      children.get(a.roleId)!.push(b.roleId);
    }
  }
  return new Map(roles.map((role) => [role.roleId, { parentRoleIds: parents.get(role.roleId)!, childRoleIds: children.get(role.roleId)! }]));
}

export const ROLE_TREE: ReadonlyMap<string, RoleLinks> = deriveRoleTree(ROLE_CATALOGUE);

/** Every role above (`'parents'`) or below (`'children'`) a role in the tree, nearest first. */
export function relatedRoleIds(roleId: string, direction: 'parents' | 'children', tree: ReadonlyMap<string, RoleLinks> = ROLE_TREE): string[] {
  const found: string[] = [];
  let frontier = [roleId];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const id of frontier) {
      const links = tree.get(id);
      for (const other of direction === 'parents' ? (links?.parentRoleIds ?? []) : (links?.childRoleIds ?? [])) {
        if (other !== roleId && !found.includes(other)) {
          found.push(other);
          next.push(other);
        }
      }
    }
    frontier = next;
  }
  return found;
}

// ---- answers ----

/** Spec §3 Role, named in the caller's language. roleId is `CATEGORY:NAME` for built-in roles, the uuid for role groups. */
export const RoleSchema = z.object({
  category: z.enum(ROLE_CATEGORIES),
  categoryTypeCode: z.enum(ROLE_CATEGORY_TYPE_CODES),
  categoryKey: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  description: z.string(),
  roleProperties: z.array(z.enum(ROLE_PROPERTIES)),
});
export type Role = z.infer<typeof RoleSchema>;

/** Spec §3 RoleTreeNode: a role with its immediate parents and children. */
export const RoleTreeNodeSchema = RoleSchema.extend({
  parentRoleIds: z.array(z.string()),
  childRoleIds: z.array(z.string()),
});
export type RoleTreeNode = z.infer<typeof RoleTreeNodeSchema>;

/** A built-in role as the API answers it, in one language. */
export function roleOf(role: BuiltInRole, lang: Lang): Role {
  return {
    category: role.category,
    categoryTypeCode: role.categoryTypeCode,
    categoryKey: role.categoryKey,
    roleId: role.roleId,
    roleName: role.names[lang],
    description: role.descriptions[lang],
    roleProperties: [...role.roleProperties],
  };
}

export function roleTreeNodeOf(role: BuiltInRole, lang: Lang): RoleTreeNode {
  const links = ROLE_TREE.get(role.roleId);
  return { ...roleOf(role, lang), parentRoleIds: [...(links?.parentRoleIds ?? [])], childRoleIds: [...(links?.childRoleIds ?? [])] };
}

