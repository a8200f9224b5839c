import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import type { FieldValues } from 'react-hook-form';
import { ControlledField, type FieldFrameProps } from './ControlledField.tsx';

export interface MultiselectFieldProps<T extends FieldValues> extends FieldFrameProps<T> {
  readonly options: readonly MultiselectProps.Option[];
  readonly placeholder?: string;
  readonly disabled?: boolean;
  /** 'auto': a search box filters the options (long lists such as countries). */
  readonly filteringType?: MultiselectProps['filteringType'];
  /** Put on the Multiselect's root element, for end-to-end tests. */
  readonly testId?: string;
}

/** A Cloudscape multiselect bound to react-hook-form: the field holds the chosen options' values. */
export function MultiselectField<T extends FieldValues>({ options, placeholder, disabled, filteringType, testId, ...frame }: MultiselectFieldProps<T>) {
  return (
    <ControlledField
      {...frame}
      render={({ field, invalid }) => {
        const values = (field.value ?? []) as readonly string[];
        return (
          <Multiselect
            ref={field.ref}
            selectedOptions={options.filter((option) => option.value !== undefined && values.includes(option.value))}
            options={options}
            onChange={({ detail }) => field.onChange(detail.selectedOptions.map((option) => option.value ?? ''))}
            onBlur={field.onBlur}
            placeholder={placeholder}
            disabled={disabled}
            {...(filteringType ? { filteringType } : {})}
            invalid={invalid}
            data-testid={testId}
          />
        );
      }}
    />
  );
}
