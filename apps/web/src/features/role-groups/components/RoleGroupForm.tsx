import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { conditionProblem, type RoleGroupRole } from '@console/contracts/conditions';
import {
  ROLE_GROUP_NAME_MAX_LENGTH,
  RoleGroupDescriptionSchema,
  RoleGroupNameSchema,
  RoleGroupRolesInputSchema,
  type RoleGroupBody,
  type RoleGroupDetail,
  type RoleGroupMember,
  type RoleGroupPreview as Preview,
} from '@console/contracts/role-groups';
import type { RoleTreeNode } from '@console/contracts/roles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useFieldErrorText } from '../../../shared/form/field-error.ts';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { MultiselectField } from '../../../shared/form/MultiselectField.tsx';
import { TextareaField } from '../../../shared/form/TextareaField.tsx';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { modals } from '../../../shared/ui/modals.ts';
import { ConditionEditor } from './ConditionEditor.tsx';
import { RoleGroupPreview, type HolderChange } from './RoleGroupPreview.tsx';

/** The roles of a group with every condition checked too (contracts `conditionProblem`, 62020/62021). */
const RolesSchema = RoleGroupRolesInputSchema.superRefine((roles, ctx) => {
  roles.forEach((role, index) => {
    role.conditions.forEach((condition, conditionIndex) => {
      const problem = conditionProblem(condition);
      if (problem) ctx.addIssue({ code: 'custom', path: [index, 'conditions', conditionIndex], message: problem });
    });
  });
});

const FormSchema = z.object({
  roleGroupName: RoleGroupNameSchema,
  description: RoleGroupDescriptionSchema,
  roles: RolesSchema,
  memberUuids: z.array(z.string()),
});
interface Values {
  roleGroupName: string;
  description: string;
  roles: RoleGroupRole[];
  memberUuids: string[];
}
const FIELDS = ['roleGroupName', 'description'] as const;

/** Where a server field error points: a form field, a role (index, field), a condition (role, index), or nowhere known. */
export type ServerFieldTarget =
  | { kind: 'field'; field: (typeof FIELDS)[number] }
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

/** The result codes the server answers for a condition (spec §8 62020, 62021). */
const CONDITION_CODES = new Set(['62020', '62021']);

function ErrorText({ error, testId }: { error: FieldError | undefined; testId: string }) {
  const text = useFieldErrorText(error);
  return text ? <span data-testid={testId}>{text}</span> : null;
}

export interface MemberChoice {
  readonly options: readonly MultiselectProps.Option[];
  readonly loading: boolean;
  /** Why the caller may not change who holds the group (undefined: they may). */
  readonly disabledReason: string | undefined;
}

export interface RoleGroupFormProps {
  /** 'project': a project's group (members chosen here); 'org': a common group (members listed by project). */
  readonly scopeKind: 'org' | 'project';
  readonly timeZone: string;
  readonly group?: RoleGroupDetail | undefined;
  readonly catalogue: readonly RoleTreeNode[];
  readonly categoryNames: ReadonlyMap<string, string>;
  /** Why the caller may not change the group itself (undefined: they may). */
  readonly editDisabledReason: string | undefined;
  readonly members?: MemberChoice | undefined;
  /** What saving would change; `projectMemberUuids`: who holds the group after the save, when the form sets them. */
  readonly preview: (body: RoleGroupBody, projectMemberUuids: string[] | undefined) => Promise<Preview>;
  readonly save: (body: RoleGroupBody) => Promise<{ roleGroup: RoleGroupDetail }>;
  readonly assign?: ((roleGroupId: string, projectMemberUuids: string[]) => Promise<unknown>) | undefined;
  readonly onDone: (group: { roleGroupId: string; roleGroupName: string }, created: boolean) => void;
  readonly onCancel: () => void;
  readonly onDirtyChange: (dirty: boolean) => void;
}

/**
 * Add or modify a role group (spec §2 role-group add/modify, §3 RoleDetail, §5): name (required,
 * checked on blur), description, roles picked from the catalogue by category with their
 * descriptions, per role a deny toggle and conditions (unless the role's properties forbid them),
 * and in a project who holds the group. Saving first previews what every member gains and loses
 * and asks for confirmation; the server's field errors (62020/62021 on a condition) show next to
 * the field they concern.
 */
export function RoleGroupForm({
  scopeKind,
  timeZone,
  group,
  catalogue,
  categoryNames,
  editDisabledReason,
  members,
  preview,
  save,
  assign,
  onDone,
  onCancel,
  onDirtyChange,
}: RoleGroupFormProps) {
  const { t } = useTranslation();
  const canEdit = editDisabledReason === undefined;
  const canAssign = members !== undefined && members.disabledReason === undefined && assign !== undefined;
  const initialMembers = useMemo(() => (group?.members ?? []).map((member) => member.projectMemberUuid), [group]);
  const form = useForm<Values>({
    resolver: zodResolver(FormSchema, { error: formErrorMap(t) }) as never,
    mode: 'onTouched',
    defaultValues: {
      roleGroupName: group?.roleGroupName ?? '',
      description: group?.description ?? '',
      roles: (group?.roles ?? []).map((role) => ({ roleId: role.roleId, denialSetting: role.denialSetting, conditions: role.conditions })),
      memberUuids: initialMembers,
    },
  });
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [roleServerErrors, setRoleServerErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const [conditionServerErrors, setConditionServerErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const roles = useWatch({ control: form.control, name: 'roles' });
  const byId = useMemo(() => new Map(catalogue.map((role) => [role.roleId, role])), [catalogue]);
  const roleOptions = useMemo<MultiselectProps.OptionGroup[]>(() => {
    const groups = new Map<string, MultiselectProps.Option[]>();
    for (const role of catalogue) {
      const list = groups.get(role.categoryKey) ?? [];
      list.push({ value: role.roleId, label: role.roleName, description: role.description });
      groups.set(role.categoryKey, list);
    }
    return [...groups].map(([key, options]) => ({ label: categoryNames.get(key) ?? key, options }));
  }, [catalogue, categoryNames]);

  const setRoles = (next: RoleGroupRole[]) => {
    form.setValue('roles', next, { shouldDirty: true, shouldTouch: true, shouldValidate: submitted || form.formState.touchedFields.roles !== undefined });
    setRoleServerErrors(new Map());
    setConditionServerErrors(new Map());
  };
  const updateRole = (index: number, next: RoleGroupRole) => setRoles(roles.map((role, i) => (i === index ? next : role)));

  /** Puts the server's field errors next to their fields; answers whether every one found a place. */
  const placeServerErrors = (error: unknown): boolean => {
    if (!isApiError(error) || error.fieldErrors.length === 0) return false;
    const roleErrors = new Map<number, string>();
    const conditionErrors = new Map<string, string>();
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
      else if (target.kind === 'role') roleErrors.set(target.index, fieldError.message);
      else conditionErrors.set(`${target.index}:${target.condition}`, fieldError.message);
    }
    setRoleServerErrors(roleErrors);
    setConditionServerErrors(conditionErrors);
    return placedAll;
  };

  const fail = (error: unknown) => {
    const placed = placeServerErrors(error);
    // A condition refusal without a field (62020/62021) still reads next to the roles.
    // Adding says so first (spec §8 'Failed to add a role group.'), then why.
    if (!placed) setFormError(group ? apiErrorMessage(error, t) : `${t('roleGroups.form.failed')} ${apiErrorMessage(error, t)}`);
    else if (isApiError(error) && CONDITION_CODES.has(error.code ?? '') && error.fieldErrors.length === 0) setFormError(apiErrorMessage(error, t));
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(undefined);
      setRoleServerErrors(new Map());
      setConditionServerErrors(new Map());
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
            form.reset({ ...values, memberUuids: initialMembers }, { keepDirty: false });
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
    },
    () => setSubmitted(true),
  );

  const rolesError = form.formState.errors.roles;
  const rolesRootError = (rolesError && 'message' in rolesError && typeof rolesError.message === 'string' ? rolesError : rolesError?.root) as
    | FieldError
    | undefined;
  const selectedOptions = roleOptions.flatMap((option) => option.options).filter((option) => roles.some((role) => role.roleId === option.value));

  return (
    <form
      onSubmit={(event) => {
        setSubmitted(true);
        void onSubmit(event);
      }}
      noValidate
      data-testid="role-group-form"
    >
      <Form
        errorText={formError ? <span data-testid="role-group-form-error">{formError}</span> : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onCancel} data-testid="role-group-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              formAction="submit"
              loading={pending}
              disabled={pending || (!canEdit && !canAssign)}
              disabledReason={!canEdit && !canAssign ? editDisabledReason : undefined}
              nativeButtonAttributes={{ 'data-testid': 'role-group-submit' }}
            >
              {group ? t('roleGroups.form.save') : t('roleGroups.form.create')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {!canEdit ? (
            <Alert type="info" data-testid="role-group-read-only">
              {t('roleGroups.form.readOnly', { reason: editDisabledReason ?? '' })}
            </Alert>
          ) : null}
          <Container header={<Header variant="h2">{t('roleGroups.form.general')}</Header>}>
            <SpaceBetween size="m">
              <InputField
                control={form.control}
                name="roleGroupName"
                label={t('roleGroups.form.name')}
                placeholder={t('roleGroups.form.namePlaceholder')}
                constraintText={t('roleGroups.form.nameConstraint', { max: ROLE_GROUP_NAME_MAX_LENGTH })}
                disabled={!canEdit}
                testId="role-group-name"
              />
              <TextareaField
                control={form.control}
                name="description"
                label={
                  <>
                    {t('roleGroups.form.description')} <i>- {t('roleGroups.form.descriptionOptional')}</i>
                  </>
                }
                rows={2}
                disabled={!canEdit}
                testId="role-group-description"
              />
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2" description={t('roleGroups.form.rolesDescription')}>{t('roleGroups.form.roles')}</Header>}>
            <SpaceBetween size="m">
              <FormField
                label={t('roleGroups.form.pickRoles')}
                errorText={rolesRootError ? <ErrorText error={rolesRootError} testId="role-group-roles-error" /> : undefined}
                stretch
              >
                <Multiselect
                  selectedOptions={selectedOptions}
                  options={roleOptions}
                  filteringType="auto"
                  filteringPlaceholder={t('roleGroups.form.filterRoles')}
                  placeholder={t('roleGroups.form.pickRolesPlaceholder')}
                  hideTokens
                  disabled={!canEdit}
                  invalid={rolesRootError !== undefined}
                  onBlur={() => form.trigger('roles').then(() => undefined)}
                  onChange={({ detail }) => {
                    const ids = detail.selectedOptions.map((option) => option.value ?? '');
                    const kept = roles.filter((role) => ids.includes(role.roleId));
                    const added = ids
                      .filter((id) => !roles.some((role) => role.roleId === id))
                      .map((roleId): RoleGroupRole => ({ roleId, denialSetting: 'ALLOW', conditions: [] }));
                    setRoles([...kept, ...added]);
                  }}
                  data-testid="role-group-role-picker"
                />
              </FormField>
              {roles.length === 0 ? <Box color="text-status-inactive">{t('roleGroups.form.noRoles')}</Box> : null}
              {roles.map((role, index) => (
                <RoleEditor
                  key={role.roleId}
                  role={role}
                  node={byId.get(role.roleId)}
                  categoryName={categoryNames.get(byId.get(role.roleId)?.categoryKey ?? '')}
                  index={index}
                  timeZone={timeZone}
                  disabled={!canEdit}
                  showAllProblems={submitted}
                  roleError={roleServerErrors.get(index) ?? roleFieldError(form.formState.errors.roles, index)}
                  conditionErrors={conditionServerErrors}
                  onChange={(next) => updateRole(index, next)}
                  onRemove={() => setRoles(roles.filter((_, i) => i !== index))}
                />
              ))}
            </SpaceBetween>
          </Container>
          {scopeKind === 'project' && members ? (
            <Container header={<Header variant="h2" description={t('roleGroups.form.membersDescription')}>{t('roleGroups.form.members')}</Header>}>
              <SpaceBetween size="s">
                {members.disabledReason ? (
                  <Box color="text-status-inactive">{t('roleGroups.form.membersReadOnly', { reason: members.disabledReason })}</Box>
                ) : null}
                <MultiselectField
                  control={form.control}
                  name="memberUuids"
                  label={t('roleGroups.form.members')}
                  placeholder={t('roleGroups.form.membersPlaceholder')}
                  options={members.options}
                  disabled={!canAssign || members.loading}
                  testId="role-group-members"
                />
              </SpaceBetween>
            </Container>
          ) : null}
          {scopeKind === 'org' && group ? <MembersByProject members={group.members} /> : null}
        </SpaceBetween>
      </Form>
    </form>
  );
}

/** The message of a role's own error in the form (roles.i.roleId / denialSetting / conditions rule keys). */
function roleFieldError(errors: unknown, index: number): string | undefined {
  const entry = (errors as Record<number, Record<string, { message?: unknown } | undefined> | undefined> | undefined)?.[index];
  if (!entry) return undefined;
  for (const field of ['roleId', 'denialSetting'] as const) {
    const message = entry[field]?.message;
    if (typeof message === 'string') return message;
  }
  const conditions = entry.conditions as { message?: unknown } | undefined;
  return typeof conditions?.message === 'string' ? conditions.message : undefined;
}

function RoleErrorText({ message }: { message: string }) {
  const text = useFieldErrorText({ type: 'server', message });
  return <span data-testid="role-group-role-error">{text}</span>;
}

function RoleEditor({
  role,
  node,
  categoryName,
  index,
  timeZone,
  disabled,
  showAllProblems,
  roleError,
  conditionErrors,
  onChange,
  onRemove,
}: {
  role: RoleGroupRole;
  node: RoleTreeNode | undefined;
  categoryName: string | undefined;
  index: number;
  timeZone: string;
  disabled: boolean;
  showAllProblems: boolean;
  roleError: string | undefined;
  conditionErrors: ReadonlyMap<string, string>;
  onChange: (next: RoleGroupRole) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const properties = node?.roleProperties ?? [];
  const denyDisabled = properties.includes('DENY_POLICY_DISABLED');
  const conditionsDisabled = properties.includes('CONDITION_DISABLED');
  const serverErrors = new Map<number, string>();
  for (const [key, message] of conditionErrors) {
    const [roleIndex, conditionIndex] = key.split(':').map(Number);
    if (roleIndex === index && conditionIndex !== undefined) serverErrors.set(conditionIndex, message);
  }
  const testId = `role-group-role-${index}`;
  return (
    <Container
      data-testid={testId}
      header={
        <Header
          variant="h3"
          description={node?.description}
          actions={
            <Button formAction="none" iconName="close" variant="icon" ariaLabel={t('roleGroups.form.removeRole')} disabled={disabled} onClick={onRemove} />
          }
        >
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <span>{node?.roleName ?? role.roleId}</span>
            {categoryName ? <Badge>{categoryName}</Badge> : null}
            {role.denialSetting === 'DENY' ? <Badge color="red">{t('roleGroups.form.deny')}</Badge> : null}
          </SpaceBetween>
        </Header>
      }
    >
      <SpaceBetween size="m">
        {roleError ? (
          <Box color="text-status-error">
            <RoleErrorText message={roleError} />
          </Box>
        ) : null}
        {denyDisabled ? (
          <Box variant="small" color="text-status-inactive">
            {t('roleGroups.form.denyDisabled')}
          </Box>
        ) : (
          <FormField label={t('roleGroups.form.deny')}>
            <Toggle
              checked={role.denialSetting === 'DENY'}
              disabled={disabled}
              onChange={({ detail }) => onChange({ ...role, denialSetting: detail.checked ? 'DENY' : 'ALLOW' })}
              data-testid={`${testId}-deny`}
            >
              {t('roleGroups.form.denyDescription')}
            </Toggle>
          </FormField>
        )}
        {conditionsDisabled ? (
          <Box variant="small" color="text-status-inactive">
            {t('roleGroups.form.conditionsDisabled')}
          </Box>
        ) : (
          <FormField label={t('roleGroups.form.conditions')} description={t('roleGroups.form.conditionsDescription')} stretch>
            <ConditionEditor
              conditions={role.conditions}
              onChange={(conditions) => onChange({ ...role, conditions })}
              timeZone={timeZone}
              showAllProblems={showAllProblems}
              serverErrors={serverErrors}
              disabled={disabled}
              testId={`${testId}-condition`}
            />
          </FormField>
        )}
      </SpaceBetween>
    </Container>
  );
}

function MembersByProject({ members }: { members: readonly RoleGroupMember[] }) {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant="h2" description={t('roleGroups.form.membersByProject')}>{t('roleGroups.form.members')}</Header>}>
      {members.length === 0 ? (
        <Box color="text-status-inactive">{t('roleGroups.form.noMembers')}</Box>
      ) : (
        <ul data-testid="role-group-members-by-project">
          {members.map((member) => (
            <li key={`${member.projectId}:${member.projectMemberUuid}`}>
              {member.name} ({member.userCode ?? member.email}) · {member.projectName}
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
