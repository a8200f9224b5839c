import { z } from 'zod';
import { SelfRoleGroupSchema } from './authorize.ts';

/** The caller's roles (spec §7 "GET self/roles"), for an organization or a project. */
export const RoleRefSchema = z.object({
  category: z.enum(['ORG_ROLE', 'PROJECT_ROLE']),
  roleName: z.string(),
  /** The organization or project the role is held in. */
  categoryKey: z.string(),
});

/** The caller's roles where they apply, and the permissions those roles give them there. */
export const SelfRolesSchema = z.object({
  roles: z.array(RoleRefSchema),
  permissions: z.array(z.string()),
  /** The caller's role groups in the project (empty for an organization). */
  roleGroups: z.array(SelfRoleGroupSchema).optional(),
});

