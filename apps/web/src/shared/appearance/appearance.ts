import { applyDensity, applyMode, Density, Mode } from '@cloudscape-design/global-styles';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLocalStorage } from '../hooks/use-local-storage.ts';
import { safeStorage, STORAGE_KEYS } from '../lib/storage.ts';

/**
 * The console's look, chosen in the my-menu and kept per account in this browser (issue 16):
 * light, dark or the system's choice, and comfortable or compact density — Cloudscape's visual
 * modes on the document body. The last one applied is also kept without an account, so the next
 * visit paints in it before the session has loaded (main.tsx), with no flash of light.
 */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DENSITIES = ['comfortable', 'compact'] as const;
export type DensityChoice = (typeof DENSITIES)[number];

export interface Appearance {
  readonly theme: Theme;
  readonly density: DensityChoice;
}

export const DEFAULT_APPEARANCE: Appearance = { theme: 'light', density: 'comfortable' };

function readRecord(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The stored appearance; anything unreadable counts as the default. An account that turned on the
 * dark or compact experiment on /new (before they became settings) keeps it.
 */
export function parseAppearance(stored: string | null, legacyExperiments: string | null = null): Appearance {
  const record = readRecord(stored);
  if (record) {
    return {
      theme: THEMES.includes(record.theme as Theme) ? (record.theme as Theme) : DEFAULT_APPEARANCE.theme,
      density: DENSITIES.includes(record.density as DensityChoice) ? (record.density as DensityChoice) : DEFAULT_APPEARANCE.density,
    };
  }
  const legacy = readRecord(legacyExperiments);
  return {
    theme: legacy?.darkMode === true ? 'dark' : DEFAULT_APPEARANCE.theme,
    density: legacy?.compactMode === true ? 'compact' : DEFAULT_APPEARANCE.density,
  };
}

const DARK_QUERY = '(prefers-color-scheme: dark)';
const systemPrefersDark = () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

/** Whether the system asks for dark colors now, following its changes. */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const query = window.matchMedia(DARK_QUERY);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    systemPrefersDark,
    () => false,
  );
}

/** Whether the page is in dark mode now (the last appearance applied), and who re-renders when it changes. */
let pageDark = false;
const pageDarkListeners = new Set<() => void>();

/** Carries the appearance out on the page; answers whether it is dark. */
export function applyAppearance(appearance: Appearance, systemDark = systemPrefersDark(), target: HTMLElement = document.body): boolean {
  const dark = appearance.theme === 'dark' || (appearance.theme === 'system' && systemDark);
  applyMode(dark ? Mode.Dark : Mode.Light, target);
  // Scroll bars and the browser's own form controls follow.
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  applyDensity(appearance.density === 'compact' ? Density.Compact : Density.Comfortable, target);
  if (dark !== pageDark) {
    pageDark = dark;
    for (const listener of pageDarkListeners) listener();
  }
  return dark;
}

/**
 * Whether the page is dark, following every change (a choice in the my-menu, the system's when
 * the account follows it, sign-out): for what Cloudscape's visual mode does not reach, such as
 * the theme a product's iframe is loaded with.
 */
export function usePageDark(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      pageDarkListeners.add(onChange);
      return () => pageDarkListeners.delete(onChange);
    },
    () => pageDark,
    () => false,
  );
}

/** Applies the appearance the last account chose in this browser (before the session is known). */
export function applyLastAppearance(): void {
  const last = safeStorage.get(STORAGE_KEYS.lastAppearance);
  if (last) applyAppearance(parseAppearance(last));
}

/** The appearance of one account, and ways to change it. */
export function useAppearance(userId: string) {
  const [stored, setStored] = useLocalStorage(STORAGE_KEYS.appearance(userId));
  const [legacy] = useLocalStorage(STORAGE_KEYS.experiments(userId));
  const appearance = useMemo(() => parseAppearance(stored, legacy), [stored, legacy]);
  const setTheme = useCallback((theme: Theme) => setStored(JSON.stringify({ ...appearance, theme })), [appearance, setStored]);
  const setDensity = useCallback((density: DensityChoice) => setStored(JSON.stringify({ ...appearance, density })), [appearance, setStored]);
  return { appearance, setTheme, setDensity };
}

/** Applies the signed-in account's appearance while the console's shell is shown; leaving it (sign-out) goes back to the default. */
export function useAppliedAppearance(userId: string): void {
  const { appearance } = useAppearance(userId);
  const systemDark = useSystemPrefersDark();
  useEffect(() => {
    applyAppearance(appearance, systemDark);
    safeStorage.set(STORAGE_KEYS.lastAppearance, JSON.stringify(appearance));
  }, [appearance, systemDark]);
  useEffect(
    () => () => {
      applyAppearance(DEFAULT_APPEARANCE, false);
      safeStorage.remove(STORAGE_KEYS.lastAppearance);
    },
    [],
  );
}
