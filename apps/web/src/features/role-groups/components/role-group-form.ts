import type { UseFormReturn } from 'react-hook-form';
import type { RoleGroupFormInput, RoleGroupFormValues } from './role-group-form-schema.ts';

/** The role-group form's types and server-error placement, without its schema (zod loads after the first paint). */
export type { RoleGroupFormInput, RoleGroupFormValues } from './role-group-form-schema.ts';
/** A role as the form holds it. */
export type RoleGroupRoleInput = RoleGroupFormInput['roles'][number];
/** The form, typed by what it holds and what it submits. */
export type RoleGroupFormApi = UseFormReturn<RoleGroupFormInput, unknown, RoleGroupFormValues>;

export const ROLE_GROUP_FIELDS = ['roleGroupName', 'description'] as const;

/** Where a server field error points: a form field, a role (index, field), a condition (role, index), or nowhere known. */
export type ServerFieldTarget =
  | { kind: 'field'; field: (typeof ROLE_GROUP_FIELDS)[number] }
  | { kind: 'roles' }
  | { kind: 'role'; index: number }
  | { kind: 'condition'; index: number; condition: number };

/** Maps a server field name (`body.roles.0.conditions.1.attributeValues`) to the part of the form it belongs to. */
export function serverFieldTarget(field: string): ServerFieldTarget | undefined {
  const name = field.replace(/^body\./, '');
  if (name === 'roleGroupName' || name === 'description') return { kind: 'field', field: name };
  const condition = /^roles\.(\d+)\.conditions\.(\d+)(\.|$)/.exec(name);
  if (condition) return { kind: 'condition', index: Number(condition[1]), condition: Number(condition[2]) };
  const role = /^roles\.(\d+)(\.|$)/.exec(name);
  if (role) return { kind: 'role', index: Number(role[1]) };
  if (name === 'roles') return { kind: 'roles' };
  return undefined;
}

/** Server errors placed next to a role (by index) or a condition (by `role:condition`). */
export interface RoleServerErrors {
  readonly roles: ReadonlyMap<number, string>;
  readonly conditions: ReadonlyMap<string, string>;
}

export const NO_ROLE_SERVER_ERRORS: RoleServerErrors = { roles: new Map(), conditions: new Map() };
