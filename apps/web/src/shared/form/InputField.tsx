import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldError, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldErrorText } from './field-error.ts';

export interface InputFieldProps<T extends FieldValues> {
  readonly control: Control<T>;
  readonly name: FieldPath<T>;
  readonly label: string;
  readonly description?: ReactNode;
  readonly constraintText?: ReactNode;
  /** Shown under the field when there is no error: a warning that does not stop the form. */
  readonly warningText?: ReactNode;
  /** An error from elsewhere (a live check), shown when the form itself has none for the field. */
  readonly externalError?: string | undefined;
  readonly placeholder?: string;
  readonly type?: InputProps.Type;
  readonly autoComplete?: string;
  readonly inputMode?: InputProps.InputMode;
  readonly disabled?: boolean;
  /** Put on the native `<input>`, for end-to-end tests. */
  readonly testId?: string;
}

function FieldErrorText({ error, externalError }: { error: FieldError | undefined; externalError: string | undefined }) {
  const text = useFieldErrorText(error) ?? externalError;
  return text ? <>{text}</> : null;
}

/**
 * A Cloudscape text input bound to react-hook-form: the error shows under the field, blur
 * validates, and the form can focus it when it holds the first error.
 */
export function InputField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  constraintText,
  warningText,
  externalError,
  placeholder,
  type = 'text',
  autoComplete,
  inputMode,
  disabled,
  testId,
}: InputFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const hasError = fieldState.invalid || externalError !== undefined;
        return (
          <FormField
            label={label}
            description={description}
            constraintText={constraintText}
            errorText={hasError ? <FieldErrorText error={fieldState.error} externalError={externalError} /> : undefined}
            warningText={hasError ? undefined : warningText}
            stretch
          >
            <Input
              ref={field.ref}
              name={field.name}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={({ detail }) => field.onChange(detail.value)}
              onBlur={field.onBlur}
              type={type}
              placeholder={placeholder}
              autoComplete={autoComplete ?? true}
              inputMode={inputMode}
              disabled={disabled}
              invalid={hasError}
              warning={!hasError && warningText !== undefined}
              disableBrowserAutocorrect={type !== 'text'}
              nativeInputAttributes={testId ? { 'data-testid': testId } : undefined}
            />
          </FormField>
        );
      }}
    />
  );
}
