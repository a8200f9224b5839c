/** localStorage that never throws (private mode, disabled storage, quota). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // The choice then lasts for this page only; nothing else to do.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // See set().
    }
  },
};

/** Every key the console keeps in localStorage, in one place. */
export const STORAGE_KEYS = {
  region: 'console.region',
  sideNavigationOpen: 'console.sideNavigation.open',
  chromeBannerDismissed: 'console.chromeBanner.dismissed',
  /** An account's theme and density (my-menu), in this browser. */
  appearance: (userId: string) => `console.appearance.${userId}`,
  /** The appearance last applied, painted before the session has loaded. */
  lastAppearance: 'console.appearance.last',
  /** The experiments (/new) an account turned on, in this browser. */
  experiments: (userId: string) => `console.experiments.${userId}`,
  /** A table's preferences (columns, page size, wrap lines) of an account, in this browser. */
  tablePreferences: (tableId: string, userId: string) => `console.table.${tableId}.${userId}`,
} as const;
