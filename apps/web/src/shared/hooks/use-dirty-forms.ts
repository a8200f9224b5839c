import { useCallback, useMemo, useRef, useState } from 'react';

/**
 * Which forms of a page hold unsaved changes, for the page's one unsaved-changes guard.
 * `reporter(id)` answers a stable callback a form calls with its dirty state.
 */
export function useDirtyForms() {
  const [dirty, setDirty] = useState<Readonly<Record<string, boolean>>>({});
  const reporters = useRef(new Map<string, (value: boolean) => void>());
  const reporter = useCallback((id: string) => {
    let report = reporters.current.get(id);
    if (!report) {
      report = (value: boolean) => setDirty((current) => (current[id] === value ? current : { ...current, [id]: value }));
      reporters.current.set(id, report);
    }
    return report;
  }, []);
  const anyDirty = useMemo(() => Object.values(dirty).some(Boolean), [dirty]);
  return { anyDirty, reporter };
}
