import Input, { type InputProps } from '@cloudscape-design/components/input';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ControlledField, type FieldFrameProps } from './ControlledField.tsx';

export interface InputFieldProps<T extends FieldValues> extends FieldFrameProps<T> {
  readonly label: string;
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

/**
 * A Cloudscape text input bound to react-hook-form: the error shows under the field, blur
 * validates, and the form can focus it when it holds the first error.
 */
export function InputField<T extends FieldValues>({
  placeholder,
  type = 'text',
  autoComplete,
  inputMode,
  disabled,
  testId,
  warningText,
  ...frame
}: InputFieldProps<T>) {
  return (
    <ControlledField
      {...frame}
      warningText={warningText}
      render={({ field, invalid }) => (
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
          invalid={invalid}
          warning={!invalid && warningText !== undefined}
          disableBrowserAutocorrect={type !== 'text'}
          nativeInputAttributes={testId ? { 'data-testid': testId } : undefined}
        />
      )}
    />
  );
}
