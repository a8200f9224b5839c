import { useState } from 'react';

/** What a server-paged list's query says about the rows it shows (TanStack Query's fields). */
interface ListQuery {
  readonly isFetching: boolean;
  readonly isPlaceholderData: boolean;
}

/**
 * The state of a FieldSearch over a server-paged table: the chosen field, the text as typed and
 * the text searched for (the typed text once the user pauses). `filter` goes into the query
 * (`{ [field]: term }`, nothing while the text is empty); `searchProps` go on the FieldSearch.
 * Changing the field or the searched text calls `onChange` (back to page 1).
 *
 * `stale(query)`: the rows on screen are not the answer to the text in the box: it was typed but
 * not yet searched for (the pause), or its answer is on its way and the table still holds an
 * older search's rows (the query's placeholder data). The table shows its loading state then
 * instead of rows that look like this search's results and are not.
 */
export function useFieldSearch<F extends string>(initialField: F, onChange: () => void) {
  const [field, setField] = useState<F>(initialField);
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const filter: Partial<Record<F, string>> = term ? ({ [field]: term } as Partial<Record<F, string>>) : {};
  const pending = text.trim() !== term;
  const searchProps = {
    field,
    text,
    onTextChange: setText,
    onFieldChange: (next: F) => {
      setField(next);
      onChange();
    },
    onSearch: (next: string) => {
      // A pause after text that is already the search (e.g. typed back) asks nothing new.
      if (next === term) return;
      setTerm(next);
      onChange();
    },
  };
  const stale = (query: ListQuery) => pending || (query.isPlaceholderData && query.isFetching);
  return { filter, searchProps, stale };
}
