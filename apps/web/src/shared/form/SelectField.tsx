import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldError, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldErrorText } from './field-error.ts';

export interface SelectFieldProps<T extends FieldValues> {
  readonly control: Control<T>;
  readonly name: FieldPath<T>;
  readonly label: ReactNode;
  readonly options: readonly SelectProps.Option[];
  readonly description?: ReactNode;
  readonly constraintText?: ReactNode;
  readonly placeholder?: string;
  readonly disabled?: boolean;
  readonly loading?: boolean;
  readonly loadingText?: string;
  /** Put on the Select's root element, for end-to-end tests. */
  readonly testId?: string;
}

function ErrorText({ error }: { error: FieldError | undefined }) {
  const text = useFieldErrorText(error);
  return text ? <>{text}</> : null;
}

/** A Cloudscape select bound to react-hook-form: the field holds the chosen option's value. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  description,
  constraintText,
  placeholder,
  disabled,
  loading,
  loadingText,
  testId,
}: SelectFieldProps<T>) {
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
          <Select
            ref={field.ref}
            selectedOption={options.find((option) => option.value === field.value) ?? null}
            options={options}
            onChange={({ detail }) => field.onChange(detail.selectedOption.value ?? '')}
            onBlur={field.onBlur}
            placeholder={placeholder}
            disabled={disabled}
            invalid={fieldState.invalid}
            statusType={loading ? 'loading' : 'finished'}
            loadingText={loadingText}
            data-testid={testId}
          />
        </FormField>
      )}
    />
  );
}
