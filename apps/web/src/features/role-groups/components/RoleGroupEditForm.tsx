import type { RoleGroupBody, RoleGroupDetail } from '@console/contracts/role-groups';
import type { RoleTreeNode } from '@console/contracts/roles';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePreviewRoleGroupMutation, useSaveRoleGroupMutation, useSetRoleGroupMembersMutation } from '../../../data/role-groups/mutations.ts';
import type { RoleGroupScope } from '../../../data/role-groups/scope.ts';
import { productPermissionRoles, type ProductPermissionChoice } from '../product-permission-roles.ts';
import { RoleGroupForm, type MemberChoice } from './RoleGroupForm.tsx';

export interface RoleGroupEditFormProps {
  readonly scope: RoleGroupScope;
  /** The project whose members hold the group (a project's group), else ''. */
  readonly projectId: string;
  /** The group modified; undefined: a new one. */
  readonly roleGroupId: string | undefined;
  readonly timeZone: string;
  readonly group: RoleGroupDetail | undefined;
  readonly catalogue: readonly RoleTreeNode[];
  readonly categoryNames: ReadonlyMap<string, string>;
  /** The project services whose permissions the picker offers beside the catalogue's roles. */
  readonly productChoices: readonly ProductPermissionChoice[];
  readonly editDisabledReason: string | undefined;
  readonly members: MemberChoice | undefined;
  readonly onDone: (group: { roleGroupId: string; roleGroupName: string }, created: boolean) => void;
  readonly onCancel: () => void;
  readonly onDirtyChange: (dirty: boolean) => void;
}

/**
 * The role group form of its add and modify pages (RoleGroupEditPage.tsx, which shows the header,
 * reads the group, the catalogue and the caller's permissions, and loads this on demand): the
 * services' permissions added to the catalogue, and the preview, save and holders' calls.
 */
export function RoleGroupEditForm({ scope, projectId, roleGroupId, catalogue, categoryNames, productChoices, ...form }: RoleGroupEditFormProps) {
  const { t } = useTranslation();
  const save = useSaveRoleGroupMutation(scope);
  const preview = usePreviewRoleGroupMutation(scope);
  const assign = useSetRoleGroupMembersMutation(projectId);
  const products = productPermissionRoles(productChoices, t);
  return (
    <RoleGroupForm
      {...form}
      scopeKind={scope.kind}
      catalogue={[...catalogue, ...products.roles]}
      categoryNames={new Map([...categoryNames, ...products.categoryNames])}
      preview={(value: RoleGroupBody, projectMemberUuids: string[] | undefined) => preview.mutateAsync({ roleGroupId, body: value, projectMemberUuids })}
      save={(value: RoleGroupBody) => save.mutateAsync({ roleGroupId, body: value })}
      assign={scope.kind === 'project' ? (id: string, uuids: string[]) => assign.mutateAsync({ roleGroupId: id, projectMemberUuids: uuids }) : undefined}
    />
  );
}
