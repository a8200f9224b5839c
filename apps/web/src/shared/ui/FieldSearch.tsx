import Select from '@cloudscape-design/components/select';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useState } from 'react';

export interface FieldSearchOption<F extends string> {
  readonly value: F;
  readonly label: string;
}

/**
 * A server-side search over one of several fields: which field, then the text. The text goes to
 * `onSearch` (trimmed) once the user pauses typing; changing the field searches again.
 */
export function FieldSearch<F extends string>({
  options,
  field,
  onFieldChange,
  onSearch,
  placeholder,
  testId,
}: {
  options: readonly FieldSearchOption<F>[];
  field: F;
  onFieldChange: (field: F) => void;
  onSearch: (term: string) => void;
  placeholder: string;
  /** `<testId>-field` on the field choice, `<testId>` on the text. */
  testId: string;
}) {
  const [typed, setTyped] = useState('');
  return (
    <>
      <Select
        selectedOption={options.find((option) => option.value === field) ?? null}
        options={options}
        onChange={({ detail }) => onFieldChange(detail.selectedOption.value as F)}
        data-testid={`${testId}-field`}
      />
      <TextFilter
        filteringText={typed}
        filteringPlaceholder={placeholder}
        filteringAriaLabel={placeholder}
        onChange={({ detail }) => setTyped(detail.filteringText)}
        onDelayedChange={({ detail }) => onSearch(detail.filteringText.trim())}
        data-testid={testId}
      />
    </>
  );
}
