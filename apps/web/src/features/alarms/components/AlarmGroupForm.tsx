import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import type { AlarmGroup, AlarmGroupBody } from '@console/contracts/alarms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { alarmTargetMembersQuery, alarmTargetRolesQuery, saveAlarmGroup, scopeKey, type AlarmScope } from '../../../data/alarms/alarms.ts';
import { groupPaths } from '../pages/alarm-paths.ts';

type Target = AlarmGroupBody['targets'][number];
const TARGET_ALIASES = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`targets.${i}.targetId`, 'targets' as const]));

/**
 * Add, modify or (readOnly) view an alarm group: name, description, default flag, targets (members,
 * roles, role groups). Its pages (AlarmGroupEditPage.tsx) show the header and load this on demand.
 */
export function AlarmGroupForm({ scope, group, readOnly }: { scope: AlarmScope; group: AlarmGroup | undefined; readOnly: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const links = groupPaths(scope);
  const members = useQuery(alarmTargetMembersQuery(scope));
  const roles = useQuery(alarmTargetRolesQuery(scope));
  const { form, onSubmit, formError, pending } = useServerForm({
    schema: () => import('@console/contracts/alarms').then((module) => module.AlarmGroupBodySchema),
    defaultValues: {
      alarmGroupName: group?.alarmGroupName ?? '',
      description: group?.description ?? '',
      isDefault: group?.isDefault ?? false,
      targets: group?.targets.map((target) => ({ targetType: target.targetType, targetId: target.targetId })) ?? [],
    },
    fields: ['alarmGroupName', 'description', 'targets'],
    // A refused target (`body.targets.3.targetId`) is shown under the targets.
    aliases: TARGET_ALIASES,
    submit: (values) => saveAlarmGroup(scope, values, group?.alarmGroupId),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [...scopeKey(scope), 'alarm-groups'] });
      await navigate(links.list);
    },
  });
  const targets = form.watch('targets') as Target[];
  const memberOptions = (members.data?.members ?? []).map((member) => ({ value: member.memberId, label: member.name, description: member.email }));
  const roleOptions = (roles.data?.roles ?? []).map((role) => ({ value: `${role.categoryTypeCode}:${role.roleId}`, label: role.roleName }));
  const setTargets = (kind: 'MEMBER' | 'ROLES', values: readonly string[]) => {
    const kept = targets.filter((target) => (kind === 'MEMBER' ? target.targetType !== 'MEMBER' : target.targetType === 'MEMBER'));
    const added: Target[] =
      kind === 'MEMBER'
        ? values.map((value) => ({ targetType: 'MEMBER', targetId: value }))
        : values.map((value) => {
            const [type, ...rest] = value.split(':');
            return { targetType: type === 'ROLE_GROUP' ? 'ROLE_GROUP' : 'ROLE', targetId: rest.join(':') };
          });
    form.setValue('targets', [...kept, ...added], { shouldValidate: true, shouldDirty: true });
  };
  const targetError = form.formState.errors.targets?.message ?? form.formState.errors.targets?.root?.message;
  const selectedMembers = memberOptions.filter((option) => targets.some((target) => target.targetType === 'MEMBER' && target.targetId === option.value));
  const selectedRoles = roleOptions.filter((option) => targets.some((target) => target.targetType !== 'MEMBER' && `${target.targetType}:${target.targetId}` === option.value));
  return (
    <ServerForm
      testId="alarm-group-form"
      errorTestId="alarm-group-form-error"
      onSubmit={onSubmit}
      formError={formError}
      submit={readOnly ? undefined : { text: t('alarms.groups.save'), testId: 'alarm-group-save', pending }}
      cancel={{ onClick: () => void navigate(links.list), testId: 'alarm-group-cancel' }}
    >
      <Container>
        <SpaceBetween size="l">
          <ColumnLayout columns={2}>
            <InputField control={form.control} name="alarmGroupName" label={t('alarms.groups.name')} disabled={readOnly} testId="alarm-group-name" />
            <InputField control={form.control} name="description" label={t('alarms.groups.description')} disabled={readOnly} />
          </ColumnLayout>
          <Toggle checked={form.watch('isDefault') ?? false} disabled={readOnly} onChange={({ detail }) => form.setValue('isDefault', detail.checked, { shouldDirty: true })}>
            {t('alarms.groups.isDefault')}
          </Toggle>
          <FormField label={t('alarms.groups.targets')} errorText={targetError}>
            <SpaceBetween size="s">
              <Multiselect
                data-testid="alarm-group-members"
                disabled={readOnly}
                placeholder={t('alarms.groups.chooseMember')}
                ariaLabel={t('alarms.groups.chooseMember')}
                options={memberOptions}
                selectedOptions={selectedMembers}
                filteringType="auto"
                onChange={({ detail }) => setTargets('MEMBER', detail.selectedOptions.map((option) => option.value ?? ''))}
              />
              <Multiselect
                data-testid="alarm-group-roles"
                disabled={readOnly}
                placeholder={t('alarms.groups.chooseRole')}
                ariaLabel={t('alarms.groups.chooseRole')}
                options={roleOptions}
                selectedOptions={selectedRoles}
                filteringType="auto"
                onChange={({ detail }) => setTargets('ROLES', detail.selectedOptions.map((option) => option.value ?? ''))}
              />
            </SpaceBetween>
          </FormField>
        </SpaceBetween>
      </Container>
    </ServerForm>
  );
}

