import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Modal from '@cloudscape-design/components/modal';
import type { MultiselectProps } from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { WEBHOOK_METHODS, WEBHOOK_TYPE_CODES, type ReceiverGroupDetail, type WebhookInput } from '@console/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { z } from 'zod';
import { allOrgMembersQuery, pendingOrgInvitationsQuery, projectCloudMembersQuery } from '../../../data/members/queries.ts';
import { useReceiverGroupMutations, type NotificationScope } from '../../../data/notifications/queries.ts';
import { roleGroupsQuery } from '../../../data/role-groups/queries.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { MultiselectField } from '../../../shared/form/MultiselectField.tsx';
import { SelectField } from '../../../shared/form/SelectField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { TextareaField } from '../../../shared/form/TextareaField.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import type { HookDraftSchema } from './receiver-group-schema.ts';
import type { ReceiverGroupFormSchema } from './receiver-group-schema.ts';

type ReceiverGroupFormInput = z.input<typeof ReceiverGroupFormSchema>;
type HookDraft = z.output<typeof HookDraftSchema>;

const NEW_HOOK: HookDraft = { name: '', targetUrl: '', secret: '', typeCode: 'DEFAULT', method: 'POST', headers: '', bodyTemplate: '' };
const HOOK_FIELDS = ['name', 'targetUrl', 'secret', 'typeCode', 'method', 'headers', 'bodyTemplate'] as const;

/** `Name: value` lines to headers (blank lines skipped; the server validates names and values). */
export const headersOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      return colon === -1 ? { name: line, value: '' } : { name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
    });

const toWebhookInput = (hook: HookDraft): WebhookInput => ({
  ...(hook.webhookId ? { webhookId: hook.webhookId } : {}),
  name: hook.name,
  targetUrl: hook.targetUrl,
  ...(hook.secret ? { secret: hook.secret } : {}),
  typeCode: hook.typeCode,
  method: hook.typeCode === 'CUSTOM' ? hook.method : 'POST',
  headers: hook.typeCode === 'CUSTOM' ? headersOf(hook.headers) : [],
  ...(hook.typeCode === 'CUSTOM' ? { bodyTemplate: hook.bodyTemplate } : {}),
  sender: '',
});

/**
 * The member picker holds added members and (organization groups) pending invitations in one list:
 * `member:<id>` and `invitation:<id>`, split into the body's `memberIds` and `invitationIds`.
 */
export const receiverValue = {
  member: (memberId: string) => `member:${memberId}`,
  invitation: (invitationId: string) => `invitation:${invitationId}`,
};
export function receiversOf(values: readonly string[]): { memberIds: string[]; invitationIds: string[] } {
  const pick = (prefix: string) => values.filter((value) => value.startsWith(prefix)).map((value) => value.slice(prefix.length));
  return { memberIds: pick('member:'), invitationIds: pick('invitation:') };
}

/** Server fields below a form field (`body.memberIds.2`, `body.webhooks.0.headers.1.name`) put next to it. */
function aliasesOf(error: unknown): Record<string, FieldPath<ReceiverGroupFormInput>> {
  if (!isApiError(error)) return {};
  const aliases: Record<string, FieldPath<ReceiverGroupFormInput>> = {};
  for (const { field } of error.fieldErrors) {
    const list = /^body\.(memberIds|invitationIds|roleGroupIds)\.\d+$/.exec(field);
    if (list) aliases[field] = list[1] === 'roleGroupIds' ? 'roleGroupIds' : 'memberIds';
    const headers = /^body\.webhooks\.(\d+)\.headers(\..*)?$/.exec(field);
    if (headers) aliases[field] = `webhooks.${Number(headers[1])}.headers`;
  }
  return aliases;
}

/** Add or modify a receiver group: name, description, members, role groups, webhooks; server refusals next to their fields. */
export function ReceiverGroupForm({ scope, group, onClose }: { scope: NotificationScope; group: ReceiverGroupDetail | undefined; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const { save } = useReceiverGroupMutations(scope);
  const { form, onSubmit, formError, pending } = useServerForm({
    schema: () => import('./receiver-group-schema.ts').then((module) => module.ReceiverGroupFormSchema),
    defaultValues: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      memberIds:
        group?.members.map((member) => (member.membership === 'INVITED' ? receiverValue.invitation(member.invitationId ?? '') : receiverValue.member(member.memberId ?? ''))) ?? [],
      roleGroupIds: group?.roleGroups.map((roleGroup) => roleGroup.roleGroupId) ?? [],
      webhooks:
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
    } satisfies ReceiverGroupFormInput,
    fields: (values) => ['name', 'description', 'memberIds', 'roleGroupIds', ...values.webhooks.flatMap((_hook, index) => HOOK_FIELDS.map((name) => `webhooks.${index}.${name}` as const))],
    aliases: aliasesOf,
    submit: (values) =>
      save.mutateAsync({
        receiverGroupId: group?.receiverGroupId,
        body: { name: values.name, description: values.description, ...receiversOf(values.memberIds), roleGroupIds: values.roleGroupIds, webhooks: values.webhooks.map(toWebhookInput) },
      }),
    onSuccess: () => onClose(true),
  });
  const hooks = useFieldArray({ control: form.control, name: 'webhooks' });
  const typeCodes = useWatch({ control: form.control, name: 'webhooks' }).map((hook) => hook.typeCode);

  const roleGroups = useQuery(roleGroupsQuery(scope, { page: 1, limit: 100, sort: 'name,asc' }));
  const roleGroupOptions = new Map((roleGroups.data?.roleGroups ?? []).map((roleGroup) => [roleGroup.roleGroupId, { value: roleGroup.roleGroupId, label: roleGroup.roleGroupName }]));
  for (const roleGroup of group?.roleGroups ?? []) if (!roleGroupOptions.has(roleGroup.roleGroupId)) roleGroupOptions.set(roleGroup.roleGroupId, { value: roleGroup.roleGroupId, label: roleGroup.name });
  const orgMembers = useQuery({ ...allOrgMembersQuery(scope.kind === 'org' ? scope.orgId : ''), enabled: scope.kind === 'org' });
  const projectMembers = useQuery({ ...projectCloudMembersQuery(scope.kind === 'project' ? scope.projectId : ''), enabled: scope.kind === 'project' });
  // Organization groups may name a person with a pending invitation: listed as invited, they receive nothing until they accept.
  const invitations = useQuery({ ...pendingOrgInvitationsQuery(scope.kind === 'org' ? scope.orgId : ''), enabled: scope.kind === 'org' });
  const invitedTag = t('notifications.groups.membership.INVITED');
  const memberOptions = new Map<string, MultiselectProps.Option>(
    (scope.kind === 'org'
      ? (orgMembers.data?.members ?? []).map((member) => ({ value: receiverValue.member(member.memberUuid), label: member.name, description: member.email }))
      : (projectMembers.data?.projectMembers ?? []).map((member) => ({ value: receiverValue.member(member.projectMemberUuid), label: member.name, description: member.email }))
    ).map((option) => [option.value, option]),
  );
  for (const invitation of invitations.data?.invitations ?? []) {
    const value = receiverValue.invitation(invitation.invitationId);
    memberOptions.set(value, { value, label: invitation.email, tags: [invitedTag] });
  }
  // Receivers of the group no longer offered (left the project) stay shown, so saving keeps or drops them knowingly.
  for (const member of group?.members ?? []) {
    const value = member.membership === 'INVITED' ? receiverValue.invitation(member.invitationId ?? '') : receiverValue.member(member.memberId ?? '');
    if (!memberOptions.has(value)) memberOptions.set(value, member.membership === 'INVITED' ? { value, label: member.email, tags: [invitedTag] } : { value, label: member.name, description: member.email });
  }

  return (
    <Modal visible size="large" onDismiss={() => onClose(false)} header={group ? t('notifications.groups.modifyTitle') : t('notifications.groups.addTitle')}>
      <ServerForm
        testId="receiver-group-form"
        errorTestId="receiver-group-form-error"
        onSubmit={onSubmit}
        formError={formError}
        submit={{ text: t('common.save'), testId: 'receiver-group-save', pending: pending || save.isPending }}
        cancel={{ onClick: () => onClose(false), testId: 'receiver-group-cancel' }}
      >
        <SpaceBetween size="m">
          <InputField control={form.control} name="name" label={t('notifications.groups.name')} constraintText={t('notifications.groups.nameConstraint')} testId="receiver-group-name" />
          <TextareaField control={form.control} name="description" label={t('notifications.groups.descriptionLabel')} rows={2} testId="receiver-group-description" />
          <MultiselectField
            control={form.control}
            name="memberIds"
            label={t('notifications.groups.members')}
            description={scope.kind === 'org' ? t('notifications.groups.membersInvitedHelp') : t('notifications.groups.membersHelp')}
            options={[...memberOptions.values()]}
            filteringType="auto"
            placeholder={t('notifications.groups.membersPlaceholder')}
            testId="receiver-group-members"
          />
          <MultiselectField
            control={form.control}
            name="roleGroupIds"
            label={t('alarms.receiverForm.roleGroups')}
            description={t('alarms.receiverForm.roleGroupsHelp')}
            options={[...roleGroupOptions.values()]}
            filteringType="auto"
            placeholder={t('alarms.receiverForm.roleGroupsPlaceholder')}
            testId="receiver-group-role-groups"
          />
          <SpaceBetween size="s">
            <Box variant="h3">{t('notifications.webhooks.title')}</Box>
            {hooks.fields.map((hook, index) => (
              <ColumnLayout columns={2} key={hook.id}>
                <InputField control={form.control} name={`webhooks.${index}.name`} label={t('notifications.webhooks.name')} testId={`webhook-name-${index}`} />
                <InputField control={form.control} name={`webhooks.${index}.targetUrl`} label={t('notifications.webhooks.target')} type="url" testId={`webhook-target-${index}`} />
                <InputField
                  control={form.control}
                  name={`webhooks.${index}.secret`}
                  label={t('notifications.webhooks.secret')}
                  description={hook.webhookId ? t('notifications.webhooks.secretKeep') : t('notifications.webhooks.secretNew')}
                  type="password"
                  autoComplete="new-password"
                  testId={`webhook-secret-${index}`}
                />
                <SelectField
                  control={form.control}
                  name={`webhooks.${index}.typeCode`}
                  label={t('notifications.webhooks.type')}
                  options={WEBHOOK_TYPE_CODES.map((value) => ({ value, label: t(`notifications.webhooks.types.${value}`) }))}
                  testId={`webhook-type-${index}`}
                />
                {typeCodes[index] === 'CUSTOM' ? (
                  <>
                    <SelectField
                      control={form.control}
                      name={`webhooks.${index}.method`}
                      label={t('alarms.receiverForm.method')}
                      options={WEBHOOK_METHODS.map((value) => ({ value, label: value }))}
                      testId={`webhook-method-${index}`}
                    />
                    <TextareaField
                      control={form.control}
                      name={`webhooks.${index}.headers`}
                      label={t('alarms.receiverForm.headers')}
                      description={t('alarms.receiverForm.headersHelp')}
                      testId={`webhook-headers-${index}`}
                    />
                    <TextareaField
                      control={form.control}
                      name={`webhooks.${index}.bodyTemplate`}
                      label={t('notifications.webhooks.body')}
                      description={t('notifications.webhooks.bodyHelp')}
                      testId={`webhook-body-${index}`}
                    />
                  </>
                ) : null}
                <Button formAction="none" onClick={() => hooks.remove(index)} data-testid={`webhook-remove-${index}`}>
                  {t('notifications.webhooks.remove')}
                </Button>
              </ColumnLayout>
            ))}
            <Button formAction="none" iconName="add-plus" onClick={() => hooks.append({ ...NEW_HOOK })} data-testid="webhook-add">
              {t('notifications.webhooks.add')}
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      </ServerForm>
    </Modal>
  );
}
