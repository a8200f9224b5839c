import { useState } from 'react';

/**
 * The state of a FieldSearch over a server-paged table: the chosen field and the text searched
 * for. `filter` goes into the query (`{ [field]: term }`, nothing while the text is empty);
 * `searchProps` go on the FieldSearch. Changing either one calls `onChange` (back to page 1).
 */
export function useFieldSearch<F extends string>(initialField: F, onChange: () => void) {
  const [field, setField] = useState<F>(initialField);
  const [term, setTerm] = useState('');
  const filter: Partial<Record<F, string>> = term ? ({ [field]: term } as Partial<Record<F, string>>) : {};
  const searchProps = {
    field,
    onFieldChange: (next: F) => {
      setField(next);
      onChange();
    },
    onSearch: (next: string) => {
      setTerm(next);
      onChange();
    },
  };
  return { filter, searchProps };
}
