import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import type { RoleTreeNode } from '@console/contracts/roles';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useFieldErrorText } from '../../../shared/form/field-error.ts';
import { ConditionEditor } from './ConditionEditor.tsx';
import type { RoleGroupRoleInput } from './role-group-form.ts';

/** The message of a role's own error in the form (roles.i.roleId / denialSetting / conditions rule keys). */
export function roleFieldError(errors: unknown, index: number): string | undefined {
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

export interface RoleEditorProps {
  readonly role: RoleGroupRoleInput;
  readonly node: RoleTreeNode | undefined;
  readonly categoryName: string | undefined;
  readonly index: number;
  readonly timeZone: string;
  readonly disabled: boolean;
  readonly showAllProblems: boolean;
  readonly roleError: string | undefined;
  /** The server's errors on conditions, keyed `role:condition`. */
  readonly conditionErrors: ReadonlyMap<string, string>;
  readonly onChange: (next: RoleGroupRoleInput) => void;
  readonly onRemove: () => void;
}

/** One role of a group: its deny toggle and its conditions, unless the role's properties forbid them. */
export function RoleEditor({
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
}: RoleEditorProps) {
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
              conditions={role.conditions ?? []}
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
