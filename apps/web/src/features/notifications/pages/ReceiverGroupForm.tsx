import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { WEBHOOK_METHODS, type ReceiverGroupDetail, type WebhookInput } from '@console/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { allOrgMembersQuery, projectCloudMembersQuery } from '../../../data/members/queries.ts';
import { useReceiverGroupMutations, type NotificationScope } from '../../../data/notifications/queries.ts';
import { roleGroupsQuery } from '../../../data/role-groups/queries.ts';

type HookDraft = {
  webhookId?: string | undefined;
  name: string;
  targetUrl: string;
  secret: string;
  typeCode: 'DEFAULT' | 'CUSTOM';
  method: (typeof WEBHOOK_METHODS)[number];
  /** Request headers of a custom webhook, one `Name: value` per line. */
  headers: string;
  bodyTemplate: string;
};

/** `Name: value` lines to headers (blank lines skipped; the server validates names and values). */
const headersOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      return colon === -1 ? { name: line, value: '' } : { name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
    });

/** Add or modify a receiver group: name, description, members, webhooks; server refusals next to their fields. */
export function ReceiverGroupForm({ scope, group, onClose }: { scope: NotificationScope; group: ReceiverGroupDetail | undefined; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const { save } = useReceiverGroupMutations(scope);
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [memberIds, setMemberIds] = useState<string[]>(group?.members.map((member) => member.memberId) ?? []);
  const [hooks, setHooks] = useState<HookDraft[]>(
    group?.webhooks.map((hook) => ({
      webhookId: hook.webhookId,
      name: hook.name,
      targetUrl: hook.targetUrl,
      secret: '',
      typeCode: hook.typeCode,
      method: hook.method,
      headers: hook.headers.map((header) => `${header.name}: ${header.value}`).join('\n'),
      bodyTemplate: hook.bodyTemplate ?? '',
    })) ?? [],
  );
  const [roleGroupIds, setRoleGroupIds] = useState<string[]>(group?.roleGroups.map((roleGroup) => roleGroup.roleGroupId) ?? []);
  const roleGroups = useQuery(roleGroupsQuery(scope, { page: 1, limit: 100, sort: 'name,asc' }));
  const roleGroupOptions = new Map((roleGroups.data?.roleGroups ?? []).map((roleGroup) => [roleGroup.roleGroupId, { value: roleGroup.roleGroupId, label: roleGroup.roleGroupName }]));
  for (const roleGroup of group?.roleGroups ?? []) if (!roleGroupOptions.has(roleGroup.roleGroupId)) roleGroupOptions.set(roleGroup.roleGroupId, { value: roleGroup.roleGroupId, label: roleGroup.name });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const orgMembers = useQuery({ ...allOrgMembersQuery(scope.kind === 'org' ? scope.orgId : ''), enabled: scope.kind === 'org' });
  const projectMembers = useQuery({ ...projectCloudMembersQuery(scope.kind === 'project' ? scope.projectId : ''), enabled: scope.kind === 'project' });
  const options =
    scope.kind === 'org'
      ? (orgMembers.data?.members ?? []).map((member) => ({ value: member.memberUuid, label: member.name, description: member.email }))
      : (projectMembers.data?.projectMembers ?? []).map((member) => ({ value: member.projectMemberUuid, label: member.name, description: member.email }));
  const known = new Map(options.map((option) => [option.value, option]));
  for (const member of group?.members ?? []) if (!known.has(member.memberId)) known.set(member.memberId, { value: member.memberId, label: member.name, description: member.email });

  const setHook = (index: number, change: Partial<HookDraft>) => setHooks((current) => current.map((hook, at) => (at === index ? { ...hook, ...change } : hook)));

  const submit = async () => {
    setErrors({});
    setFormError(undefined);
    const webhooks: WebhookInput[] = hooks.map((hook) => ({
      ...(hook.webhookId ? { webhookId: hook.webhookId } : {}),
      name: hook.name,
      targetUrl: hook.targetUrl,
      ...(hook.secret ? { secret: hook.secret } : {}),
      typeCode: hook.typeCode,
      method: hook.typeCode === 'CUSTOM' ? hook.method : 'POST',
      headers: hook.typeCode === 'CUSTOM' ? headersOf(hook.headers) : [],
      ...(hook.typeCode === 'CUSTOM' ? { bodyTemplate: hook.bodyTemplate } : {}),
      sender: '',
    }));
    try {
      await save.mutateAsync({ receiverGroupId: group?.receiverGroupId, body: { name, description, memberIds, roleGroupIds, webhooks } });
      onClose(true);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors?.length) {
        setErrors(Object.fromEntries(error.fieldErrors.map((fieldError) => [fieldError.field.replace(/^body\./, '').replace(/^memberIds\.\d+$/, 'memberIds').replace(/^roleGroupIds\.\d+$/, 'roleGroupIds').replace(/^(webhooks\.\d+\.headers)\..*$/, '$1'), fieldError.message])));
      } else setFormError(apiErrorMessage(error, t));
    }
  };

  return (
    <Modal
      visible
      size="large"
      onDismiss={() => onClose(false)}
      header={group ? t('notifications.groups.modifyTitle') : t('notifications.groups.addTitle')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => onClose(false)}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={save.isPending} onClick={() => void submit()} data-testid="receiver-group-save">
              {t('common.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <Form errorText={formError}>
        <SpaceBetween size="m">
          <FormField label={t('notifications.groups.name')} errorText={errors.name} constraintText={t('notifications.groups.nameConstraint')}>
            <Input value={name} onChange={({ detail }) => setName(detail.value)} data-testid="receiver-group-name" />
          </FormField>
          <FormField label={t('notifications.groups.descriptionLabel')} errorText={errors.description}>
            <Textarea value={description} onChange={({ detail }) => setDescription(detail.value)} rows={2} />
          </FormField>
          <FormField label={t('notifications.groups.members')} errorText={errors.memberIds} description={t('notifications.groups.membersHelp')}>
            <Multiselect
              selectedOptions={memberIds.map((memberId) => known.get(memberId) ?? { value: memberId, label: memberId })}
              options={options}
              filteringType="auto"
              placeholder={t('notifications.groups.membersPlaceholder')}
              statusType={orgMembers.isPending && projectMembers.isPending ? 'loading' : 'finished'}
              onChange={({ detail }) => setMemberIds(detail.selectedOptions.map((option) => option.value ?? ''))}
              data-testid="receiver-group-members"
            />
          </FormField>
          <FormField label={t('alarms.receiverForm.roleGroups')} errorText={errors.roleGroupIds} description={t('alarms.receiverForm.roleGroupsHelp')}>
            <Multiselect
              selectedOptions={roleGroupIds.map((roleGroupId) => roleGroupOptions.get(roleGroupId) ?? { value: roleGroupId, label: roleGroupId })}
              options={[...roleGroupOptions.values()]}
              filteringType="auto"
              placeholder={t('alarms.receiverForm.roleGroupsPlaceholder')}
              statusType={roleGroups.isPending ? 'loading' : 'finished'}
              onChange={({ detail }) => setRoleGroupIds(detail.selectedOptions.map((option) => option.value ?? ''))}
              data-testid="receiver-group-role-groups"
            />
          </FormField>
          <SpaceBetween size="s">
            <Box variant="h3">{t('notifications.webhooks.title')}</Box>
            {hooks.map((hook, index) => (
              <ColumnLayout columns={2} key={hook.webhookId ?? `new-${index}`}>
                <FormField label={t('notifications.webhooks.name')} errorText={errors[`webhooks.${index}.name`]}>
                  <Input value={hook.name} onChange={({ detail }) => setHook(index, { name: detail.value })} data-testid={`webhook-name-${index}`} />
                </FormField>
                <FormField label={t('notifications.webhooks.target')} errorText={errors[`webhooks.${index}.targetUrl`]}>
                  <Input value={hook.targetUrl} type="url" onChange={({ detail }) => setHook(index, { targetUrl: detail.value })} data-testid={`webhook-target-${index}`} />
                </FormField>
                <FormField label={t('notifications.webhooks.secret')} errorText={errors[`webhooks.${index}.secret`]} description={hook.webhookId ? t('notifications.webhooks.secretKeep') : t('notifications.webhooks.secretNew')}>
                  <Input value={hook.secret} type="password" onChange={({ detail }) => setHook(index, { secret: detail.value })} data-testid={`webhook-secret-${index}`} />
                </FormField>
                <FormField label={t('notifications.webhooks.type')} errorText={errors[`webhooks.${index}.typeCode`]}>
                  <Select
                    selectedOption={{ value: hook.typeCode, label: t(`notifications.webhooks.types.${hook.typeCode}`) }}
                    options={(['DEFAULT', 'CUSTOM'] as const).map((value) => ({ value, label: t(`notifications.webhooks.types.${value}`) }))}
                    onChange={({ detail }) => setHook(index, { typeCode: detail.selectedOption.value === 'CUSTOM' ? 'CUSTOM' : 'DEFAULT' })}
                  />
                </FormField>
                {hook.typeCode === 'CUSTOM' ? (
                  <FormField label={t('alarms.receiverForm.method')} errorText={errors[`webhooks.${index}.method`]}>
                    <Select
                      selectedOption={{ value: hook.method, label: hook.method }}
                      options={WEBHOOK_METHODS.map((value) => ({ value, label: value }))}
                      onChange={({ detail }) => setHook(index, { method: WEBHOOK_METHODS.find((value) => value === detail.selectedOption.value) ?? 'POST' })}
                      data-testid={`webhook-method-${index}`}
                    />
                  </FormField>
                ) : null}
                {hook.typeCode === 'CUSTOM' ? (
                  <FormField label={t('alarms.receiverForm.headers')} errorText={errors[`webhooks.${index}.headers`]} description={t('alarms.receiverForm.headersHelp')}>
                    <Textarea value={hook.headers} rows={3} onChange={({ detail }) => setHook(index, { headers: detail.value })} data-testid={`webhook-headers-${index}`} />
                  </FormField>
                ) : null}
                {hook.typeCode === 'CUSTOM' ? (
                  <FormField label={t('notifications.webhooks.body')} errorText={errors[`webhooks.${index}.bodyTemplate`]} description={t('notifications.webhooks.bodyHelp')}>
                    <Textarea value={hook.bodyTemplate} onChange={({ detail }) => setHook(index, { bodyTemplate: detail.value })} />
                  </FormField>
                ) : null}
                <Button onClick={() => setHooks((current) => current.filter((_, at) => at !== index))}>{t('notifications.webhooks.remove')}</Button>
              </ColumnLayout>
            ))}
            <Button
              iconName="add-plus"
              onClick={() => setHooks((current) => [...current, { name: '', targetUrl: '', secret: '', typeCode: 'DEFAULT', method: 'POST', headers: '', bodyTemplate: '' }])}
              data-testid="webhook-add"
            >
              {t('notifications.webhooks.add')}
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      </Form>
    </Modal>
  );
}
