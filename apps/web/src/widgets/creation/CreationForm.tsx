import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ServerForm, type ServerFormProps } from '../../shared/form/ServerForm.tsx';
import { useReportDirty } from '../../shared/form/use-report-dirty.ts';
import { useServerForm, type ServerFormOptions } from '../../shared/form/use-server-form.ts';

/** What the modal that shows a creation form gives it. */
export interface CreationFormProps<TCreated> {
  readonly onCreated: (created: TCreated) => void;
  readonly onCancel: () => void;
  readonly onDirtyChange?: (dirty: boolean) => void;
}

export interface CreationFormOptions<TInput extends FieldValues, TOutput, TAnswer>
  extends Omit<ServerFormOptions<TInput, TOutput, TAnswer>, 'formOptions' | 'onSuccess'> {
  /** What the form holds once created (so it is clean: the modal closes without asking). */
  readonly resetTo: (answer: TAnswer, values: TOutput) => TInput;
  readonly onCreated: (answer: TAnswer) => void;
  readonly onDirtyChange: ((dirty: boolean) => void) | undefined;
}

/**
 * `useServerForm` for a creation modal: a refused field takes the focus; the modal hears of
 * unsaved changes; once created, the form is clean before the answer is handed on.
 */
export function useCreationForm<TInput extends FieldValues, TOutput, TAnswer>({
  resetTo,
  onCreated,
  onDirtyChange,
  ...options
}: CreationFormOptions<TInput, TOutput, TAnswer>) {
  const server = useServerForm<TInput, TOutput, TAnswer>({
    ...options,
    formOptions: { shouldFocusError: true },
    onSuccess: (answer, values) => {
      server.form.reset(resetTo(answer, values));
      onDirtyChange?.(false);
      onCreated(answer);
    },
  });
  useReportDirty(server.form.formState.isDirty, onDirtyChange);
  return server;
}

/**
 * The frame of a creation modal's form: what is created, in a sentence, then the fields; Cancel
 * and the submit button. Test ids: `create-<kind>-form`, `-form-error`, `-cancel`, `-submit`.
 */
export function CreationFrame({
  kind,
  server,
  onCancel,
  submitText,
  pending,
  disabled,
  disabledReason,
  description,
  children,
}: {
  kind: 'org' | 'project';
  server: Pick<ServerFormProps, 'onSubmit' | 'formError'>;
  onCancel: () => void;
  submitText: string;
  pending: boolean;
  disabled: boolean;
  /** Why the submit button is disabled (a limit, the role that would allow it). */
  disabledReason: string | undefined;
  description: string;
  children: ReactNode;
}) {
  return (
    <ServerForm
      onSubmit={server.onSubmit}
      formError={server.formError}
      testId={`create-${kind}-form`}
      errorTestId={`create-${kind}-form-error`}
      cancel={{ onClick: onCancel, testId: `create-${kind}-cancel` }}
      submit={{
        text: submitText,
        testId: `create-${kind}-submit`,
        pending,
        disabled,
        disabledReason,
      }}
    >
      <SpaceBetween size="m">
        <Box variant="p" color="text-body-secondary">
          {description}
        </Box>
        {children}
      </SpaceBetween>
    </ServerForm>
  );
}
