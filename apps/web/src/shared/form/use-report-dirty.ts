import { useEffect } from 'react';

/**
 * Tells whoever holds the form (a page of several panels, a modal) whether it holds unsaved
 * changes, each time that changes: the holder asks before it lets them go.
 */
export function useReportDirty(dirty: boolean, onDirtyChange: ((dirty: boolean) => void) | undefined): void {
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
}
