import type { ReactNode } from 'react';
import { ServerForm, type ServerFormProps } from '../../../shared/form/ServerForm.tsx';

/** The frame of both steps: the panel's header, the form error, the step's button and Cancel. */
export function StepFrame({ name, header, onSubmit, formError, submitText, pending, onCancel, children }: {
  name: 'start' | 'confirm';
  header: ReactNode;
  onSubmit: ServerFormProps['onSubmit'];
  formError: ServerFormProps['formError'];
  submitText: string;
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      containerHeader={header}
      testId={`totp-${name}-form`}
      errorTestId={`totp-${name}-error`}
      submit={{ text: submitText, testId: `totp-${name}-submit`, pending }}
      cancel={{ onClick: onCancel, testId: `totp-${name}-cancel` }}
    >
      {children}
    </ServerForm>
  );
}
