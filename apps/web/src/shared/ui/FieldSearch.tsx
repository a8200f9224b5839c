import Select from '@cloudscape-design/components/select';
import TextFilter from '@cloudscape-design/components/text-filter';

export interface FieldSearchOption<F extends string> {
  readonly value: F;
  readonly label: string;
}

/**
 * A server-side search over one of several fields: which field, then the text. The text goes to
 * `onSearch` (trimmed) once the user pauses typing; changing the field searches again. The typed
 * text is the caller's (`useFieldSearch`), so the table knows when its rows are not yet the answer.
 */
export function FieldSearch<F extends string>({
  options,
  field,
  text,
  onTextChange,
  onFieldChange,
  onSearch,
  placeholder,
  testId,
}: {
  options: readonly FieldSearchOption<F>[];
  field: F;
  text: string;
  onTextChange: (text: string) => void;
  onFieldChange: (field: F) => void;
  onSearch: (term: string) => void;
  placeholder: string;
  /** `<testId>-field` on the field choice, `<testId>` on the text. */
  testId: string;
}) {
  return (
    <>
      <Select
        selectedOption={options.find((option) => option.value === field) ?? null}
        options={options}
        onChange={({ detail }) => onFieldChange(detail.selectedOption.value as F)}
        data-testid={`${testId}-field`}
      />
      <TextFilter
        filteringText={text}
        filteringPlaceholder={placeholder}
        filteringAriaLabel={placeholder}
        onChange={({ detail }) => onTextChange(detail.filteringText)}
        onDelayedChange={({ detail }) => onSearch(detail.filteringText.trim())}
        data-testid={testId}
      />
    </>
  );
}
