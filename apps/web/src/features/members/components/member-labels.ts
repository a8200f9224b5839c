import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { InvitationStatus } from '@console/contracts/members';
import { ASSIGNABLE_PROJECT_ROLE_NAMES, ORG_ROLE_NAMES } from '@console/contracts/permissions';
import type { TFunction } from 'i18next';
import { roleLabel } from '../../../shared/permissions/role-names.ts';

export type MemberStatus = 'STABLE' | 'INVITED' | 'BLOCKED' | 'LEAVED';

export const MEMBER_STATUS_TYPES: Record<MemberStatus, StatusIndicatorProps.Type> = {
  STABLE: 'success',
  INVITED: 'pending',
  BLOCKED: 'stopped',
  LEAVED: 'stopped',
};

export const INVITATION_STATUS_TYPES: Record<InvitationStatus, StatusIndicatorProps.Type> = {
  WAIT: 'pending',
  COMPLETE: 'success',
  EXPIRE: 'stopped',
  UNKNOWN: 'warning',
};

/** Organization roles that may be given (OWNER is handed over, never assigned). */
export const ASSIGNABLE_ORG_ROLES = ORG_ROLE_NAMES.filter((role) => role !== 'OWNER');

export const orgRoleOptions = (t: TFunction) =>
  ASSIGNABLE_ORG_ROLES.map((role) => ({ value: role, label: roleLabel(t, { category: 'ORG_ROLE', roleName: role }) }));

/** "Admin, Billing viewer" */
export const orgRolesText = (t: TFunction, roles: readonly string[]) =>
  roles.map((role) => roleLabel(t, { category: 'ORG_ROLE', roleName: role })).join(', ');

export const projectRoleOptions = (t: TFunction) =>
  ASSIGNABLE_PROJECT_ROLE_NAMES.map((role) => ({ value: role, label: roleLabel(t, { category: 'PROJECT_ROLE', roleName: role }) }));

/** "Admin" / "Member, Viewer" */
export const projectRolesText = (t: TFunction, roles: readonly string[]) =>
  roles.map((role) => roleLabel(t, { category: 'PROJECT_ROLE', roleName: role })).join(', ');
