import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { IamMemberInputSchema } from '@console/contracts/iam';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { applyServerErrors, isFieldErrorOnly } from '../../../shared/form/server-errors.ts';

/** The fields of an IAM account the console edits (spec §3): ID (on creation), name, email, phone. */
const CreateSchema = IamMemberInputSchema.pick({ userCode: true, name: true, emailAddress: true }).extend({
  mobileNumber: z.string().trim().max(30),
});
const EditSchema = CreateSchema.omit({ userCode: true });
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
 * An IAM account's form: the §5 rules on blur, the server's -200202 / -200204 (ID) and -200205
 * (email) next to their fields, anything else in the Form's errorText.
 */
export function IamAccountForm({ initial, submitText, onSave, onDone, onCancel, onDirtyChange, testId }: IamAccountFormProps) {
  const { t } = useTranslation();
  const editing = initial !== undefined;
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const form = useForm<IamAccountValues>({
    resolver: zodResolver((editing ? EditSchema : CreateSchema) as typeof CreateSchema, { error: formErrorMap(t) }),
    mode: 'onTouched',
    defaultValues: initial ?? { userCode: '', name: '', emailAddress: '', mobileNumber: '' },
  });
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    setPending(true);
    try {
      await onSave({ ...values, userCode: initial?.userCode ?? values.userCode });
      form.reset(values);
      onDone();
    } catch (error) {
      const text = applyServerErrors(error, form.setError, FIELDS, t, ALIASES);
      if (!isFieldErrorOnly(error, FIELDS, ALIASES)) setFormError(text);
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid={testId}>
      <Form
        errorText={formError ? <span data-testid={`${testId}-error`}>{formError}</span> : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onCancel} data-testid={`${testId}-cancel`}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              formAction="submit"
              loading={pending}
              disabled={pending}
              nativeButtonAttributes={{ 'data-testid': `${testId}-submit` }}
            >
              {submitText}
            </Button>
          </SpaceBetween>
        }
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
      </Form>
    </form>
  );
}
