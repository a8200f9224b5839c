import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from '../i18n/use-translation.ts';
import type { z } from 'zod';
import { InputField } from '../form/InputField.tsx';
import { ServerForm } from '../form/ServerForm.tsx';
import { useServerForm } from '../form/use-server-form.ts';
import { useReportDirty } from '../form/use-report-dirty.ts';
import type { CreateSchema } from './iam-account-schema.ts';

export type IamAccountValues = z.infer<typeof CreateSchema>;

const FIELDS = ['userCode', 'name', 'emailAddress', 'mobileNumber'] as const;
/** The server names a created account's fields `body.members.0.<field>`. */
const ALIASES = Object.fromEntries(FIELDS.map((field) => [`body.members.0.${field}`, field])) as Record<string, (typeof FIELDS)[number]>;

export interface IamAccountFormProps {
  /** Editing an account: its ID is shown, not changed. */
  readonly initial?: Omit<IamAccountValues, 'userCode'> & { userCode: string };
  readonly submitText: string;
  readonly onSave: (values: IamAccountValues) => Promise<unknown>;
  readonly onDone: () => void;
  readonly onCancel: () => void;
  readonly onDirtyChange?: (dirty: boolean) => void;
  readonly testId: string;
}

/**
 * An IAM account's form: the §5 rules on blur, the server's INVALID_MEMBER_ID / DUPLICATE_MEMBER_ID (ID) and DUPLICATE_MEMBER_EMAIL
 * (email) next to their fields, anything else in the Form's errorText.
 */
export function IamAccountForm({ initial, submitText, onSave, onDone, onCancel, onDirtyChange, testId }: IamAccountFormProps) {
  const { t } = useTranslation();
  const editing = initial !== undefined;
  const { form, formError, pending, onSubmit } = useServerForm({
    schema: () => import('./iam-account-schema.ts').then((module) => (editing ? module.EditSchema : module.CreateSchema) as typeof module.CreateSchema),
    defaultValues: initial ?? { userCode: '', name: '', emailAddress: '', mobileNumber: '' },
    fields: FIELDS,
    aliases: ALIASES,
    showProgress: false,
    submit: (values: IamAccountValues) => onSave({ ...values, userCode: initial?.userCode ?? values.userCode }),
    onSuccess: (_answer, values) => {
      form.reset(values);
      onDone();
    },
  });
  const dirty = form.formState.isDirty;
  useReportDirty(dirty, onDirtyChange);

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId={testId}
      errorTestId={`${testId}-error`}
      cancel={{ onClick: onCancel, testId: `${testId}-cancel` }}
      submit={{ text: submitText, testId: `${testId}-submit`, pending }}
    >
      <SpaceBetween size="m">
        <InputField
          control={form.control}
          name="userCode"
          label={t('iam.columns.userCode')}
          constraintText={editing ? undefined : t('iam.form.userCodeConstraint')}
          disabled={editing}
          autoComplete="off"
          testId={`${testId}-user-code`}
        />
        <InputField control={form.control} name="name" label={t('iam.columns.name')} autoComplete="off" testId={`${testId}-name`} />
        <InputField
          control={form.control}
          name="emailAddress"
          label={t('iam.columns.email')}
          type="email"
          autoComplete="off"
          testId={`${testId}-email`}
        />
        <InputField
          control={form.control}
          name="mobileNumber"
          label={t('iam.columns.phone')}
          constraintText={t('iam.form.phoneConstraint')}
          inputMode="tel"
          autoComplete="off"
          testId={`${testId}-phone`}
        />
      </SpaceBetween>
    </ServerForm>
  );
}
