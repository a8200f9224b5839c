import type { TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { apiErrorMessage } from '../i18n/api-error-message.ts';
import { modals, type ConfirmModalOptions } from './modals.ts';
import { progress } from './progress.ts';
import { toasts } from './toasts.ts';

/** A change made to the selected row from the table's header buttons. */
export interface RowAction {
  /** Asked first; the change runs only once the user confirms. */
  readonly confirm?: ConfirmModalOptions;
  readonly task: () => Promise<unknown>;
  /** The success toast. */
  readonly done: string;
  /** The header of the alert that shows the server's reason when the change fails. */
  readonly failed: string;
}

/** How screen readers name the selection: the table (`groupLabel`) and each row. */
export interface SelectionLabels<T> {
  readonly groupLabel: string;
  readonly itemLabel: (item: T) => string;
}

/**
 * A table with one selectable row and header buttons that act on it: `target` is the selected
 * row, `selectionProps` go on the Table (selection and its aria labels), and `run` makes a change
 * under the progress bar — when it works the selection is cleared and a toast says so, when it
 * fails an alert shows why.
 */
export function useSelectedRow<T>({ groupLabel, itemLabel }: SelectionLabels<T>) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<T[]>([]);

  const run = async ({ confirm, task, done, failed }: RowAction): Promise<void> => {
    if (confirm && !(await modals.confirm(confirm))) return;
    try {
      await progress.track(task());
      setSelected([]);
      toasts.show({ type: 'success', content: done });
    } catch (error) {
      await modals.alert({ header: failed, content: apiErrorMessage(error, t) });
    }
  };

  const selectionProps = {
    selectionType: 'single',
    selectedItems: selected,
    onSelectionChange: ({ detail }) => setSelected(detail.selectedItems),
    ariaLabels: {
      selectionGroupLabel: groupLabel,
      itemSelectionLabel: (_data, item) => itemLabel(item),
      allItemsSelectionLabel: () => groupLabel,
    },
  } satisfies Pick<TableProps<T>, 'selectionType' | 'selectedItems' | 'onSelectionChange' | 'ariaLabels'>;

  const target: T | undefined = selected[0];
  return { target, selectionProps, run };
}
