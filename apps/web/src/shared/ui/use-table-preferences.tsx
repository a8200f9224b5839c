import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import type { TableProps } from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, type ReactElement } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useLocalStorage } from '../hooks/use-local-storage.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { sessionQuery } from '../session/session.ts';

/** Rows per page a user may choose on a table paged by the server. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

export interface TablePreferencesOptions<T> {
  /** Names the table in the stored preferences ('org-members'); one per table of the console. */
  readonly tableId: string;
  /** The table's columns, each with an `id`, in their default order. */
  readonly columns: readonly TableProps.ColumnDefinition<T>[];
  /** Columns that cannot be hidden (the row header). */
  readonly alwaysVisible?: readonly string[];
  /** Columns hidden until the user shows them (what does not fit at 1440 px). */
  readonly hiddenByDefault?: readonly string[];
  /** The table's page size when the user chose none; absent for tables that do not page. */
  readonly defaultPageSize?: number;
  /** Whether long cells wrap until the user chooses; true keeps wide tables inside the page. */
  readonly defaultWrapLines?: boolean;
}

interface StoredPreferences {
  readonly pageSize?: number;
  readonly wrapLines?: boolean;
  readonly contentDisplay?: readonly CollectionPreferencesProps.ContentDisplayItem[];
}

/** The stored preferences, or nothing when they are unreadable (another version, edited by hand). */
function parseStored(stored: string | null): StoredPreferences {
  if (!stored) return {};
  try {
    const value: unknown = JSON.parse(stored);
    return typeof value === 'object' && value !== null ? (value as StoredPreferences) : {};
  } catch {
    return {};
  }
}

/**
 * The columns in the user's order and visibility: stored columns that still exist, then the
 * table's other columns (a column added later) in their default visibility. Always-visible ones
 * stay visible whatever was stored.
 */
export function resolveContentDisplay(
  columnIds: readonly string[],
  stored: readonly CollectionPreferencesProps.ContentDisplayItem[] | undefined,
  hiddenByDefault: readonly string[],
  alwaysVisible: readonly string[],
): CollectionPreferencesProps.ContentDisplayItem[] {
  const known = new Set(columnIds);
  const seen = new Set<string>();
  const items: { id: string; visible: boolean }[] = [];
  for (const item of stored ?? []) {
    if (typeof item?.id !== 'string' || !known.has(item.id) || seen.has(item.id)) continue;
    seen.add(item.id);
    items.push({ id: item.id, visible: item.visible !== false || alwaysVisible.includes(item.id) });
  }
  for (const id of columnIds) {
    if (!seen.has(id)) items.push({ id, visible: !hiddenByDefault.includes(id) || alwaysVisible.includes(id) });
  }
  return items;
}

// The preferences dialog (with its drag-and-drop column ordering) loads after the table has shown,
// not with it: the table's first paint needs only its gear button, which appears when it has loaded.
const CollectionPreferences = lazy(() => import('@cloudscape-design/components/collection-preferences'));

/**
 * Cloudscape collection preferences of one table — which columns show and in what order, rows per
 * page, wrapped lines — kept per signed-in account in this browser's localStorage. Spread
 * `tableProps` on the Table; `pageSize` is what to ask the server for.
 */
export function useTablePreferences<T>(options: TablePreferencesOptions<T>) {
  const { t } = useTranslation();
  const { tableId, columns, alwaysVisible = [], hiddenByDefault = [], defaultPageSize, defaultWrapLines = true } = options;
  // The session the signed-in shell already loaded (tables live only there); nothing is asked for.
  const session = useQuery({ ...sessionQuery(), enabled: false });
  const userId = session.data?.uuid ?? 'signed-out';
  const [stored, setStored] = useLocalStorage(STORAGE_KEYS.tablePreferences(tableId, userId));
  const columnIds = columns.map((column) => column.id ?? '');
  const saved = parseStored(stored);
  const pageSize =
    defaultPageSize !== undefined && (PAGE_SIZE_OPTIONS as readonly number[]).includes(saved.pageSize ?? -1)
      ? (saved.pageSize ?? defaultPageSize)
      : defaultPageSize;
  const preferences: CollectionPreferencesProps.Preferences = {
    pageSize,
    wrapLines: typeof saved.wrapLines === 'boolean' ? saved.wrapLines : defaultWrapLines,
    contentDisplay: resolveContentDisplay(columnIds, saved.contentDisplay, hiddenByDefault, alwaysVisible),
  };

  const onConfirm = useCallback(
    (detail: CollectionPreferencesProps.Preferences) =>
      setStored(
        JSON.stringify({
          pageSize: detail.pageSize,
          wrapLines: detail.wrapLines,
          contentDisplay: detail.contentDisplay?.map(({ id, visible }) => ({ id, visible })),
        }),
      ),
    [setStored],
  );

  const element: ReactElement = (
    <Suspense fallback={null}>
      <CollectionPreferences
        data-testid={`${tableId}-preferences`}
        preferences={preferences}
        onConfirm={({ detail }) => onConfirm(detail)}
        pageSizePreference={
          defaultPageSize === undefined
            ? undefined
            : { options: PAGE_SIZE_OPTIONS.map((value) => ({ value, label: t('tablePreferences.rows', { count: value }) })) }
        }
        wrapLinesPreference={{}}
        contentDisplayPreference={{
          title: t('tablePreferences.columns'),
          options: columns.map((column) => ({
            id: column.id ?? '',
            label: typeof column.header === 'string' ? column.header : (column.id ?? ''),
            alwaysVisible: alwaysVisible.includes(column.id ?? ''),
          })),
        }}
      />
    </Suspense>
  );

  return {
    /** Rows per page to ask the server for (0 for a table that does not page). */
    pageSize: pageSize ?? 0,
    tableProps: {
      preferences: element,
      columnDisplay: preferences.contentDisplay,
      wrapLines: preferences.wrapLines,
    } satisfies Partial<TableProps<T>>,
  };
}
