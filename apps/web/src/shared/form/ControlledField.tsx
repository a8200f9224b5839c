import FormField from '@cloudscape-design/components/form-field';
import type { ReactNode } from 'react';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldError,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { useFieldErrorText } from './field-error.ts';

/** What every Cloudscape field bound to react-hook-form shares: where it is, its label and texts. */
export interface FieldFrameProps<T extends FieldValues> {
  readonly control: Control<T>;
  readonly name: FieldPath<T>;
  readonly label: ReactNode;
  readonly description?: ReactNode;
  readonly constraintText?: ReactNode;
}

export interface ControlledFieldProps<T extends FieldValues, TName extends FieldPath<T> = FieldPath<T>> extends FieldFrameProps<T> {
  readonly name: TName;
  /** Shown under the field when there is no error: a warning that does not stop the form. */
  readonly warningText?: ReactNode;
  /** An error from elsewhere (a live check), shown when the form itself has none for the field. */
  readonly externalError?: string | undefined;
  /** Put on the error text, for tests. */
  readonly errorTestId?: string;
  /** The control itself; `invalid` says whether the field shows an error. */
  readonly render: (props: {
    field: ControllerRenderProps<T, TName>;
    fieldState: ControllerFieldState;
    invalid: boolean;
  }) => ReactNode;
}

function FieldErrorText({ error, externalError, testId }: { error: FieldError | undefined; externalError?: string | undefined; testId?: string | undefined }) {
  const text = useFieldErrorText(error) ?? externalError;
  if (!text) return null;
  return testId ? <span data-testid={testId}>{text}</span> : <>{text}</>;
}

/**
 * The one renderer of a Cloudscape form field bound to react-hook-form: the field's error (a
 * contract key translated in the active language, or a server message) shows under it, and a
 * warning shows only while there is no error. The control is whatever `render` returns.
 */
export function ControlledField<T extends FieldValues, TName extends FieldPath<T> = FieldPath<T>>({
  control,
  name,
  label,
  description,
  constraintText,
  warningText,
  externalError,
  errorTestId,
  render,
}: ControlledFieldProps<T, TName>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const invalid = fieldState.invalid || externalError !== undefined;
        return (
          <FormField
            label={label}
            description={description}
            constraintText={constraintText}
            errorText={invalid ? <FieldErrorText error={fieldState.error} externalError={externalError} testId={errorTestId} /> : undefined}
            warningText={invalid ? undefined : warningText}
            stretch
          >
            {render({ field, fieldState, invalid })}
          </FormField>
        );
      }}
    />
  );
}
