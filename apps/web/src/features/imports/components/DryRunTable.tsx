import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import type { BatchRowResult } from '@console/contracts/imports';
import { IMPORT_COLUMN_HEADERS } from '@console/contracts/imports-constants';
import { langOf, type Lang } from '@console/contracts/locales';
import type { TFunction } from 'i18next';
import { useMemo, useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useLocale } from '../../../shared/i18n/LocaleProvider.tsx';
import { isProblem, ResultCodeStatus } from './ResultCodeStatus.tsx';
import { Pagination } from '../../../shared/ui/Pagination.tsx';

/** Rows of the dry-run table per page (the validate answer holds every row: paged in the browser). */
export const DRY_RUN_PAGE_SIZE = 20;

/** A row as the browser holds it: the file's row number and its cells as text, as validate-rows takes them. */
export interface EditableRow {
  readonly rowNumber: number;
  readonly cells: Readonly<Record<string, string>>;
}

interface Props {
  readonly columns: readonly string[];
  readonly rows: readonly EditableRow[];
  /** The last dry run's result of each row, by row number. */
  readonly results: ReadonlyMap<number, BatchRowResult>;
  /** Row numbers changed since the last dry run. */
  readonly edited: ReadonlySet<number>;
  readonly editable: boolean;
  readonly onEdit: (rowNumber: number, column: string, value: string) => void;
  readonly actions: ReactNode;
  readonly counter: string;
}

/**
 * The dry run, one row per spreadsheet row: its result (translated batch code) and its cells; an
 * invalid cell is marked with its message, and any cell can be fixed in place (Cloudscape inline
 * edit). Rows changed since the last dry run say so until the next re-validation.
 */
export function DryRunTable({ columns, rows, results, edited, editable, onEdit, actions, counter }: Props) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const lang = langOf(locale);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [page, setPage] = useState(1);

  const visible = useMemo(
    () => (onlyProblems ? rows.filter((row) => edited.has(row.rowNumber) || isProblem(results.get(row.rowNumber)?.resultCode)) : rows),
    [onlyProblems, rows, results, edited],
  );
  const pages = Math.max(1, Math.ceil(visible.length / DRY_RUN_PAGE_SIZE));
  const current = Math.min(page, pages);
  const items = visible.slice((current - 1) * DRY_RUN_PAGE_SIZE, current * DRY_RUN_PAGE_SIZE);

  const columnDefinitions = dryRunColumns({ t, lang, columns, results, edited, editable });

  return (
    <Table<EditableRow>
      data-testid="import-dry-run-table"
      variant="container"
      wrapLines
      header={
        <Header variant="h2" counter={counter} actions={actions}>
          {t('imports.table.title')}
        </Header>
      }
      filter={
        <Toggle
          checked={onlyProblems}
          onChange={({ detail }) => {
            setOnlyProblems(detail.checked);
            setPage(1);
          }}
          data-testid="import-only-problems"
        >
          {t('imports.table.onlyProblems')}
        </Toggle>
      }
      items={items}
      trackBy={(row) => String(row.rowNumber)}
      columnDefinitions={columnDefinitions}
      submitEdit={(row, column, value) => onEdit(row.rowNumber, String(column.id), typeof value === 'string' ? value : (row.cells[String(column.id)] ?? ''))}
      ariaLabels={{
        activateEditLabel: (column, row) => t('imports.table.editCell', { column: String(column.header), row: row.rowNumber }),
        cancelEditLabel: () => t('common.cancel'),
        submitEditLabel: () => t('imports.table.saveCell'),
        tableLabel: t('imports.table.title'),
      }}
      empty={<Box color="text-status-inactive">{t('imports.table.noRows')}</Box>}
      pagination={
        <Pagination
          currentPageIndex={current}
          pagesCount={pages}
          onChange={({ detail }) => setPage(detail.currentPageIndex)}
          ariaLabels={{
            nextPageLabel: t('imports.table.nextPage'),
            previousPageLabel: t('imports.table.previousPage'),
            pageLabel: (pageNumber) => t('imports.table.page', { page: pageNumber }),
          }}
        />
      }
    />
  );
}

/**
 * Leaving the editor for anything but its own ✓ and ✕ buttons — Re-validate, another cell, the
 * page — keeps the value typed (the table alone would drop it on a click elsewhere): a fix is
 * only lost by Escape or ✕.
 */
function saveOnLeave(event: FocusEvent<HTMLDivElement>, submitValue: () => void) {
  const next = event.relatedTarget;
  const editor = event.currentTarget.closest('[role="dialog"]') ?? event.currentTarget;
  if (next instanceof Node && editor.contains(next)) return;
  submitValue();
}

interface ColumnInput {
  readonly t: TFunction;
  readonly lang: Lang;
  readonly columns: readonly string[];
  readonly results: ReadonlyMap<number, BatchRowResult>;
  readonly edited: ReadonlySet<number>;
  readonly editable: boolean;
}

/** The table's columns: row number, result, then the template's cells (editable in place). */
function dryRunColumns({ t, lang, columns, results, edited, editable }: ColumnInput): TableProps.ColumnDefinition<EditableRow>[] {
  return [
    {
      id: 'rowNumber',
      header: IMPORT_COLUMN_HEADERS.rowNumber?.[lang] ?? t('imports.table.row'),
      cell: (row) => row.rowNumber,
      width: 70,
    },
    {
      id: 'result',
      header: t('imports.table.result'),
      cell: (row) =>
        edited.has(row.rowNumber) ? (
          <span data-testid={`import-row-result-${row.rowNumber}`}>
            <StatusIndicator type="pending">{t('imports.table.edited')}</StatusIndicator>
          </span>
        ) : (
          <span data-testid={`import-row-result-${row.rowNumber}`}>
            <ResultCodeStatus code={results.get(row.rowNumber)?.resultCode} dryRun />
          </span>
        ),
      minWidth: 160,
    },
    ...columns.map(
      (column): TableProps.ColumnDefinition<EditableRow> => ({
        id: column,
        header: IMPORT_COLUMN_HEADERS[column]?.[lang] ?? column,
        minWidth: 120,
        cell: (row) => {
          const value = row.cells[column] ?? '';
          const error = edited.has(row.rowNumber) ? undefined : results.get(row.rowNumber)?.cellErrors.find((cell) => cell.column === column);
          return (
            <div data-testid={`import-cell-${row.rowNumber}-${column}`} data-invalid={error ? 'true' : undefined}>
              {error ? (
                <SpaceBetween size="xxxs">
                  <Box color="text-status-error" fontWeight="bold">
                    {value === '' ? t('imports.table.empty') : value}
                  </Box>
                  <span data-testid={`import-cell-error-${row.rowNumber}-${column}`}>
                    <StatusIndicator type="error">{error.message}</StatusIndicator>
                  </span>
                </SpaceBetween>
              ) : value === '' ? (
                <Box color="text-status-inactive">-</Box>
              ) : (
                value
              )}
            </div>
          );
        },
        ...(editable
          ? {
              editConfig: {
                ariaLabel: IMPORT_COLUMN_HEADERS[column]?.[lang] ?? column,
                editIconAriaLabel: t('imports.table.editable'),
                errorIconAriaLabel: t('imports.table.error'),
                disableNativeForm: true,
                editingCell: (row, { currentValue, setValue, submitValue }: TableProps.CellContext<string | undefined>) => (
                  <div onBlur={(event) => saveOnLeave(event, submitValue)}>
                    <Input
                      autoFocus
                      value={currentValue ?? row.cells[column] ?? ''}
                      onChange={({ detail }) => setValue(detail.value)}
                      // Enter saves, as ✓ does (not while an input method is composing: Korean,
                      // Japanese and Chinese typing confirm a character with Enter). Its default is
                      // prevented, or the same key press would click the cell's edit button, which
                      // has the focus back, and open the editor again. Escape cancels (the table's
                      // editor handles it).
                      onKeyDown={(event) => {
                        if (event.detail.key !== 'Enter' || event.detail.isComposing) return;
                        event.preventDefault();
                        submitValue();
                      }}
                      ariaLabel={IMPORT_COLUMN_HEADERS[column]?.[lang] ?? column}
                      data-testid={`import-cell-input-${row.rowNumber}-${column}`}
                    />
                  </div>
                ),
              },
            }
          : {}),
      }),
    ),
  ];
}
