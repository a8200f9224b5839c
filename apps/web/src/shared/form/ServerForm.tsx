import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form, { type FormProps } from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

/** The form's primary button. */
export interface SubmitAction {
  readonly text: ReactNode;
  /** On the native `<button>`, for tests. */
  readonly testId: string;
  /** The call runs: the button shows it and cannot be pressed again. */
  readonly pending: boolean;
  readonly disabled?: boolean;
  /** Why the button is disabled (the role that would allow it). */
  readonly disabledReason?: string | undefined;
}

/** A Cancel link before the submit button. */
export interface CancelAction {
  readonly onClick: () => void;
  readonly testId: string;
}

export interface ServerFormProps {
  /** From `useServerForm` / `useServerSubmit`. */
  readonly onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  readonly formError: string | undefined;
  /** On the `<form>`, and on the form error's text. */
  readonly testId: string;
  readonly errorTestId: string;
  /** The buttons: `submit` (and `cancel`) for the usual pair, or `actions` for anything else. */
  readonly submit?: SubmitAction;
  readonly cancel?: CancelAction;
  readonly actions?: ReactNode;
  readonly header?: ReactNode;
  readonly variant?: FormProps['variant'];
  /** When given, the form sits in a Container with this header (a settings panel). */
  readonly containerHeader?: ReactNode;
  /** Shown instead of the form while what it edits loads, or when that failed. */
  readonly status?: ReactNode;
  readonly children?: ReactNode;
}

/**
 * The one form frame: a native `<form>` (so Enter submits and the browser does not validate)
 * around Cloudscape's Form, whose errorText shows the form-level server error.
 */
export function ServerForm({
  onSubmit,
  formError,
  testId,
  errorTestId,
  submit,
  cancel,
  actions,
  header,
  variant,
  containerHeader,
  status,
  children,
}: ServerFormProps) {
  const inner = (
    <Form
      errorText={formError ? <span data-testid={errorTestId}>{formError}</span> : undefined}
      actions={actions ?? <FormActions submit={submit} cancel={cancel} />}
      header={header}
      variant={variant}
    >
      {children}
    </Form>
  );
  const body = status ?? inner;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid={testId}>
      {containerHeader === undefined ? body : <Container header={containerHeader}>{body}</Container>}
    </form>
  );
}

function FormActions({ submit, cancel }: { submit: SubmitAction | undefined; cancel: CancelAction | undefined }) {
  const { t } = useTranslation();
  const button = submit ? (
    <Button
      variant="primary"
      formAction="submit"
      loading={submit.pending}
      disabled={submit.pending || submit.disabled}
      disabledReason={submit.disabledReason}
      nativeButtonAttributes={{ 'data-testid': submit.testId }}
    >
      {submit.text}
    </Button>
  ) : null;
  if (!cancel) return button;
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button variant="link" formAction="none" onClick={cancel.onClick} data-testid={cancel.testId}>
        {t('common.cancel')}
      </Button>
      {button}
    </SpaceBetween>
  );
}
