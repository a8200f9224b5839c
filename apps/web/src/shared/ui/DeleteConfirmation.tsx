import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../i18n/use-translation.ts';
import { z } from 'zod';
import { InputField } from '../form/InputField.tsx';
import { isFieldErrorOnly } from '../form/server-errors.ts';
import { ServerForm } from '../form/ServerForm.tsx';
import { useServerForm } from '../form/use-server-form.ts';
import type { PermissionCheck } from '../permissions/use-permissions.ts';
import { useReportDirty } from '../form/use-report-dirty.ts';

const FIELDS = ['confirmName'] as const;

/** What a settings page gives its delete panel: may the caller delete, and how to leave the page without the unsaved-changes prompt. */
export interface DeletePanelProps {
  check: PermissionCheck;
  leaveWithoutAsking: (navigate: () => unknown) => Promise<void>;
}

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
  /** Adds a hint to a failure's text (e.g. how many projects remain for ORG_HAS_PROJECTS). */
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
  const schema = z
    .object({ confirmName: nameSchema })
    .refine((value) => value.confirmName === name, { path: ['confirmName'], error: mismatchMessage });
  const aliases = Object.fromEntries(serverFields.map((field) => [field, 'confirmName' as const]));
  const { form, formError, pending, onSubmit } = useServerForm({
    schema: async () => schema,
    defaultValues: { confirmName: '' },
    fields: FIELDS,
    aliases,
    showProgress: false,
    submit: (values) => onConfirm(values.confirmName),
    onSuccess: onDone,
    formErrorText: (text, error) =>
      isFieldErrorOnly(error, FIELDS, aliases) ? undefined : [failedText, text, explainError?.(error)].filter(Boolean).join(' '),
  });
  const typed = useWatch({ control: form.control, name: 'confirmName' });
  const matches = typed === name;
  const dirty = form.formState.isDirty;
  useReportDirty(dirty, onDirtyChange);

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="delete-confirm-modal"
      errorTestId="delete-confirm-error"
      cancel={{ onClick: onCancel, testId: 'delete-confirm-cancel' }}
      submit={{ text: submitText, testId: 'delete-confirm-submit', pending, disabled: !matches }}
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
    </ServerForm>
  );
}
