import FormField from '@cloudscape-design/components/form-field';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldError, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldErrorText } from './field-error.ts';

export interface MultiselectFieldProps<T extends FieldValues> {
  readonly control: Control<T>;
  readonly name: FieldPath<T>;
  readonly label: ReactNode;
  readonly options: readonly MultiselectProps.Option[];
  readonly description?: ReactNode;
  readonly constraintText?: ReactNode;
  readonly placeholder?: string;
  readonly disabled?: boolean;
  /** Put on the Multiselect's root element, for end-to-end tests. */
  readonly testId?: string;
}

function ErrorText({ error }: { error: FieldError | undefined }) {
  const text = useFieldErrorText(error);
  return text ? <>{text}</> : null;
}

/** A Cloudscape multiselect bound to react-hook-form: the field holds the chosen options' values. */
export function MultiselectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  description,
  constraintText,
  placeholder,
  disabled,
  testId,
}: MultiselectFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const values = (field.value ?? []) as readonly string[];
        return (
          <FormField
            label={label}
            description={description}
            constraintText={constraintText}
            errorText={fieldState.invalid ? <ErrorText error={fieldState.error} /> : undefined}
            stretch
          >
            <Multiselect
              ref={field.ref}
              selectedOptions={options.filter((option) => option.value !== undefined && values.includes(option.value))}
              options={options}
              onChange={({ detail }) => field.onChange(detail.selectedOptions.map((option) => option.value ?? ''))}
              onBlur={field.onBlur}
              placeholder={placeholder}
              disabled={disabled}
              invalid={fieldState.invalid}
              data-testid={testId}
            />
          </FormField>
        );
      }}
    />
  );
}
