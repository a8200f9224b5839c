import FormField from '@cloudscape-design/components/form-field';
import Textarea from '@cloudscape-design/components/textarea';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldError, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldErrorText } from './field-error.ts';

export interface TextareaFieldProps<T extends FieldValues> {
  readonly control: Control<T>;
  readonly name: FieldPath<T>;
  readonly label: ReactNode;
  readonly description?: ReactNode;
  readonly constraintText?: ReactNode;
  readonly placeholder?: string;
  readonly rows?: number;
  readonly disabled?: boolean;
  /** Put on the native `<textarea>`, for end-to-end tests. */
  readonly testId?: string;
}

function ErrorText({ error }: { error: FieldError | undefined }) {
  const text = useFieldErrorText(error);
  return text ? <>{text}</> : null;
}

/** A Cloudscape textarea bound to react-hook-form, like InputField. */
export function TextareaField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  constraintText,
  placeholder,
  rows = 3,
  disabled,
  testId,
}: TextareaFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          label={label}
          description={description}
          constraintText={constraintText}
          errorText={fieldState.invalid ? <ErrorText error={fieldState.error} /> : undefined}
          stretch
        >
          <Textarea
            ref={field.ref}
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={({ detail }) => field.onChange(detail.value)}
            onBlur={field.onBlur}
            placeholder={placeholder}
            rows={rows}
            disabled={disabled}
            invalid={fieldState.invalid}
            nativeTextareaAttributes={testId ? { 'data-testid': testId } : undefined}
          />
        </FormField>
      )}
    />
  );
}
