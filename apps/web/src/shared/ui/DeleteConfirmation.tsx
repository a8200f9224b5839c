import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formErrorMap } from '../form/form-error-map.ts';
import { InputField } from '../form/InputField.tsx';
import { applyServerErrors, isFieldErrorOnly } from '../form/server-errors.ts';

const FIELDS = ['confirmName'] as const;

export interface DeleteConfirmationProps {
  /** What the user must type, exactly (letter case counts), to delete. */
  readonly name: string;
  readonly description: ReactNode;
  /** The field's own rule (a contract schema), before the name must match. */
  readonly nameSchema?: z.ZodType<string, string>;
  /** The message when the typed text differs (a validation key of the contracts, or a text). */
  readonly mismatchMessage: string;
  readonly submitText: string;
  /** Deletes; a failure stays in the form (field errors next to the field). */
  readonly onConfirm: (typedName: string) => Promise<unknown>;
  /** Adds a hint to a failure's text (e.g. how many projects remain for 21013). */
  readonly explainError?: (error: unknown) => string | undefined;
  /** Leads a failure's text (a spec message such as 'Failed to delete Organization.'). */
  readonly failedText?: string;
  /** Server fields that mean the typed name (e.g. `body.orgName`). */
  readonly serverFields?: readonly string[];
  readonly onDone: () => void;
  readonly onCancel: () => void;
  readonly onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The body of a delete confirmation: says what goes, and asks for the resource's name typed
 * exactly. Delete stays disabled until it matches (and while the call runs).
 */
export function DeleteConfirmation({
  name,
  description,
  nameSchema = z.string(),
  mismatchMessage,
  submitText,
  onConfirm,
  explainError,
  failedText,
  serverFields = [],
  onDone,
  onCancel,
  onDirtyChange,
}: DeleteConfirmationProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const schema = z
    .object({ confirmName: nameSchema })
    .refine((value) => value.confirmName === name, { path: ['confirmName'], error: mismatchMessage });
  const form = useForm({
    resolver: zodResolver(schema, { error: formErrorMap(t) }),
    mode: 'onTouched',
    defaultValues: { confirmName: '' },
  });
  const typed = useWatch({ control: form.control, name: 'confirmName' });
  const matches = typed === name;
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    setPending(true);
    try {
      await onConfirm(values.confirmName);
      onDone();
    } catch (error) {
      const aliases = Object.fromEntries(serverFields.map((field) => [field, 'confirmName' as const]));
      const text = applyServerErrors(error, form.setError, FIELDS, t, aliases);
      if (!isFieldErrorOnly(error, FIELDS, aliases)) {
        setFormError([failedText, text, explainError?.(error)].filter(Boolean).join(' '));
      }
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="delete-confirm-modal">
      <Form
        errorText={formError ? <span data-testid="delete-confirm-error">{formError}</span> : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onCancel} data-testid="delete-confirm-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              formAction="submit"
              loading={pending}
              disabled={!matches || pending}
              nativeButtonAttributes={{ 'data-testid': 'delete-confirm-submit' }}
            >
              {submitText}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          <Alert type="warning">{t('deleteConfirm.irreversible')}</Alert>
          <Box variant="p">{description}</Box>
          <InputField
            control={form.control}
            name="confirmName"
            label={t('deleteConfirm.label', { name })}
            placeholder={name}
            autoComplete="off"
            testId="delete-confirm-input"
          />
        </SpaceBetween>
      </Form>
    </form>
  );
}
