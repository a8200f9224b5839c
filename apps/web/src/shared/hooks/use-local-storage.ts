import { useCallback, useSyncExternalStore } from 'react';
import { safeStorage } from '../lib/storage.ts';

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Writes a localStorage key and tells every `useLocalStorage` reader. */
export function writeLocalStorage(key: string, value: string | null): void {
  if (value === null) safeStorage.remove(key);
  else safeStorage.set(key, value);
  notify();
}

/** A localStorage value that re-renders when it changes (also from another tab). */
export function useLocalStorage(key: string): [string | null, (value: string | null) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => safeStorage.get(key),
    () => null,
  );
  const setValue = useCallback((next: string | null) => writeLocalStorage(key, next), [key]);
  return [value, setValue];
}
