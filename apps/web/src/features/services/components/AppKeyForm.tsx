import SpaceBetween from '@cloudscape-design/components/space-between';
import { AuthAliasSchema, IpAclEntrySchema } from '@console/contracts/products';
import { useEffect } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';

/** The IP ACL as typed: addresses or CIDR blocks separated by commas or spaces. */
export const splitIpAcl = (text: string) => text.split(/[\s,]+/).filter(Boolean);

const Schema = z.object({
  authAlias: AuthAliasSchema,
  ipAclText: z
    .string()
    .max(2000)
    .superRefine((text, ctx) => {
      const entries = splitIpAcl(text);
      if (entries.length > 50) ctx.addIssue({ code: 'custom', message: 'validation.ip.tooMany' });
      else if (entries.some((entry) => !IpAclEntrySchema.safeParse(entry).success)) ctx.addIssue({ code: 'custom', message: 'validation.ip.cidr' });
    }),
});
type Values = z.input<typeof Schema>;
const FIELDS = ['authAlias', 'ipAclText'] as const satisfies readonly FieldPath<Values>[];

/** The server names the fields `body.authentication.authAlias` and `body.authentication.ipAclList.2`. */
function serverAliases(error: unknown): Record<string, FieldPath<Values>> {
  const aliases: Record<string, FieldPath<Values>> = { 'body.authentication.authAlias': 'authAlias' };
  if (!isApiError(error)) return aliases;
  for (const { field } of error.fieldErrors) if (field.includes('ipAclList')) aliases[field] = 'ipAclText';
  return aliases;
}

/**
 * A project Appkey's name and IP ACL (authentications v4), to create one or change one: the rules
 * on blur, the server's field errors next to their fields, anything else (the limit of 3) in the
 * form's error.
 */
export function AppKeyForm({
  initial,
  submitText,
  onSave,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  initial?: { authAlias: string; ipAclList: readonly string[] };
  submitText: string;
  onSave: (input: { authAlias: string; ipAclList: string[] }) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const { form, formError, pending, onSubmit } = useServerForm({
    schema: async () => Schema,
    defaultValues: { authAlias: initial?.authAlias ?? '', ipAclText: (initial?.ipAclList ?? []).join(', ') },
    fields: FIELDS,
    aliases: serverAliases,
    showProgress: false,
    submit: (values) => onSave({ authAlias: values.authAlias, ipAclList: splitIpAcl(values.ipAclText) }),
    onSuccess: (_answer, values) => {
      form.reset({ authAlias: values.authAlias, ipAclText: values.ipAclText });
      onDone();
    },
  });
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="appkey-form"
      errorTestId="appkey-form-error"
      cancel={{ onClick: onCancel, testId: 'appkey-form-cancel' }}
      submit={{ text: submitText, testId: 'appkey-form-submit', pending }}
    >
      <SpaceBetween size="m">
        <InputField control={form.control} name="authAlias" label={t('services.appKeys.alias')} autoComplete="off" testId="appkey-alias" />
        <InputField
          control={form.control}
          name="ipAclText"
          label={t('services.appKeys.ipAcl')}
          description={t('services.appKeys.ipAclHint')}
          placeholder="203.0.113.0/24"
          autoComplete="off"
          testId="appkey-ips"
        />
      </SpaceBetween>
    </ServerForm>
  );
}
