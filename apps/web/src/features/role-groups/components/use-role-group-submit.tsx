import type { RoleGroupBody, RoleGroupDetail, RoleGroupPreview as Preview } from '@console/contracts/role-groups';
import { useState, type BaseSyntheticEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { modals } from '../../../shared/ui/modals.ts';
import { NO_ROLE_SERVER_ERRORS, serverFieldTarget, type RoleGroupFormApi, type RoleGroupFormValues, type RoleServerErrors } from './role-group-form.ts';
import { RoleGroupPreview, type HolderChange } from './RoleGroupPreview.tsx';

/** The result codes the server answers for a condition (spec §8 INVALID_CONDITION_DATA_TYPE, CONDITION_VALUES_EXIST). */
const CONDITION_CODES = new Set(['62020', '62021']);

export interface RoleGroupSubmitOptions {
  readonly form: RoleGroupFormApi;
  readonly scopeKind: 'org' | 'project';
  readonly group: RoleGroupDetail | undefined;
  readonly canEdit: boolean;
  readonly canAssign: boolean;
  /** Who holds the group when the form opened. */
  readonly initialMembers: readonly string[];
  readonly preview: (body: RoleGroupBody, projectMemberUuids: string[] | undefined) => Promise<Preview>;
  readonly save: (body: RoleGroupBody) => Promise<{ roleGroup: RoleGroupDetail }>;
  readonly assign?: ((roleGroupId: string, projectMemberUuids: string[]) => Promise<unknown>) | undefined;
  readonly onDone: (group: { roleGroupId: string; roleGroupName: string }, created: boolean) => void;
}

/**
 * The role group's save: preview what every member gains and loses, ask, save the group, then
 * who holds it. The server's field errors go next to the field, role or condition they concern.
 */
export function useRoleGroupSubmit({
  form,
  scopeKind,
  group,
  canEdit,
  canAssign,
  initialMembers,
  preview,
  save,
  assign,
  onDone,
}: RoleGroupSubmitOptions) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<RoleServerErrors>(NO_ROLE_SERVER_ERRORS);

  /** Puts the server's field errors next to their fields; answers whether every one found a place. */
  const placeServerErrors = (error: unknown): boolean => {
    if (!isApiError(error) || error.fieldErrors.length === 0) return false;
    const roles = new Map<number, string>();
    const conditions = new Map<string, string>();
    let placedAll = true;
    let focus = true;
    for (const fieldError of error.fieldErrors) {
      const target = serverFieldTarget(fieldError.field);
      if (!target) {
        placedAll = false;
        continue;
      }
      if (target.kind === 'field') {
        form.setError(target.field, { type: 'server', message: fieldError.message }, { shouldFocus: focus });
        focus = false;
      } else if (target.kind === 'roles') form.setError('roles', { type: 'server', message: fieldError.message });
      else if (target.kind === 'role') roles.set(target.index, fieldError.message);
      else conditions.set(`${target.index}:${target.condition}`, fieldError.message);
    }
    setServerErrors({ roles, conditions });
    return placedAll;
  };

  const fail = (error: unknown) => {
    const placed = placeServerErrors(error);
    // A condition refusal without a field (INVALID_CONDITION_DATA_TYPE / CONDITION_VALUES_EXIST) still reads next to the roles.
    // Adding says so first (spec §8 'Failed to add a role group.'), then why.
    if (!placed) setFormError(group ? apiErrorMessage(error, t) : `${t('roleGroups.form.failed')} ${apiErrorMessage(error, t)}`);
    else if (isApiError(error) && CONDITION_CODES.has(error.code ?? '') && error.fieldErrors.length === 0) setFormError(apiErrorMessage(error, t));
  };

  const submit = async (values: RoleGroupFormValues) => {
    setFormError(undefined);
    setServerErrors(NO_ROLE_SERVER_ERRORS);
    const body: RoleGroupBody = { roleGroupName: values.roleGroupName, description: values.description, roles: values.roles };
    const holders: HolderChange = {
      assigned: new Set(canAssign ? values.memberUuids.filter((id) => !initialMembers.includes(id)) : []),
      unassigned: new Set(canAssign ? initialMembers.filter((id) => !values.memberUuids.includes(id)) : []),
    };
    const membersChanged =
      canAssign && (values.memberUuids.length !== initialMembers.length || values.memberUuids.some((id) => !initialMembers.includes(id)));
    setPending(true);
    try {
      let saved: { roleGroupId: string; roleGroupName: string } | undefined = group;
      if (canEdit) {
        let answer: Preview;
        try {
          // The holders as the save will send them: the preview answers for members added and taken out too.
          answer = await preview(body, canAssign ? values.memberUuids : undefined);
        } catch (error) {
          fail(error);
          return;
        }
        const confirmed = await modals.confirm({
          header: t('roleGroups.preview.title'),
          width: 820,
          content: <RoleGroupPreview preview={answer} holders={holders} showProject={scopeKind === 'org'} />,
          confirmText: t('roleGroups.preview.confirm'),
        });
        if (!confirmed) return;
        try {
          saved = (await save(body)).roleGroup;
        } catch (error) {
          fail(error);
          return;
        }
      }
      if (saved && membersChanged && assign) {
        try {
          await assign(saved.roleGroupId, values.memberUuids);
        } catch (error) {
          // The group itself is saved; what failed is who holds it.
          form.reset({ ...values, memberUuids: [...initialMembers] }, { keepDirty: false });
          form.setValue('memberUuids', values.memberUuids, { shouldDirty: true });
          setFormError(apiErrorMessage(error, t));
          return;
        }
      }
      if (saved) {
        form.reset(values);
        onDone({ roleGroupId: saved.roleGroupId, roleGroupName: saved.roleGroupName }, group === undefined);
      }
    } finally {
      setPending(false);
    }
  };

  const handle = form.handleSubmit(submit, () => setSubmitted(true));
  return {
    formError,
    pending,
    /** Whether a submit was tried: every role's problems show from then on. */
    submitted,
    serverErrors,
    /** A change of the roles makes the server's errors about them stale. */
    clearServerErrors: () => setServerErrors(NO_ROLE_SERVER_ERRORS),
    onSubmit: (event?: BaseSyntheticEvent) => {
      setSubmitted(true);
      return handle(event);
    },
  };
}
