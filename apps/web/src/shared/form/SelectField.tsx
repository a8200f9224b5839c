import Select, { type SelectProps } from '@cloudscape-design/components/select';
import type { FieldValues } from 'react-hook-form';
import { ControlledField, type FieldFrameProps } from './ControlledField.tsx';

export interface SelectFieldProps<T extends FieldValues> extends FieldFrameProps<T> {
  readonly options: readonly SelectProps.Option[];
  readonly placeholder?: string;
  readonly disabled?: boolean;
  readonly loading?: boolean;
  readonly loadingText?: string;
  /** Cloudscape's filtering of a long list ('auto': typing filters the options). */
  readonly filteringType?: SelectProps['filteringType'];
  /** The option shown for a value not among the options (a value saved elsewhere). */
  readonly unlistedOption?: (value: string) => SelectProps.Option;
  /** Called when the select takes the focus (before its list opens). */
  readonly onFocus?: () => void;
  /** Put on the error text, for tests. */
  readonly errorTestId?: string;
  /** Put on the Select's root element, for end-to-end tests. */
  readonly testId?: string;
}

/** A Cloudscape select bound to react-hook-form: the field holds the chosen option's value. */
export function SelectField<T extends FieldValues>({
  options,
  placeholder,
  disabled,
  loading,
  loadingText,
  filteringType,
  unlistedOption,
  onFocus,
  testId,
  ...frame
}: SelectFieldProps<T>) {
  return (
    <ControlledField
      {...frame}
      render={({ field, invalid }) => (
        <Select
          ref={field.ref}
          selectedOption={
            options.find((option) => option.value === field.value) ?? (field.value && unlistedOption ? unlistedOption(field.value) : null)
          }
          options={options}
          onChange={({ detail }) => field.onChange(detail.selectedOption.value ?? '')}
          onBlur={field.onBlur}
          onFocus={onFocus}
          placeholder={placeholder}
          filteringType={filteringType}
          disabled={disabled}
          invalid={invalid}
          statusType={loading ? 'loading' : 'finished'}
          loadingText={loadingText}
          data-testid={testId}
        />
      )}
    />
  );
}
