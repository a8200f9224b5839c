import { disableMotion } from '@cloudscape-design/global-styles';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocalStorage } from '../hooks/use-local-storage.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';

/**
 * The console's experiments (spec §2 "/new"): features a user may turn on before they become the
 * default. Each one changes the whole console; the choice is kept per account in this browser.
 * Dark mode and compact density started here and are now settings of the my-menu
 * (shared/appearance), which takes over an account's earlier choice.
 */
export const EXPERIMENT_IDS = ['reducedMotion'] as const;
export type ExperimentId = (typeof EXPERIMENT_IDS)[number];
export type ExperimentChoices = Readonly<Record<ExperimentId, boolean>>;

const NONE: ExperimentChoices = { reducedMotion: false };

/** The stored choices; anything unreadable counts as "off". */
export function parseExperiments(stored: string | null): ExperimentChoices {
  if (!stored) return NONE;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return NONE;
    const record = value as Record<string, unknown>;
    return Object.fromEntries(EXPERIMENT_IDS.map((id) => [id, record[id] === true])) as ExperimentChoices;
  } catch {
    return NONE;
  }
}

function parseStoredRecord(stored: string | null): Record<string, unknown> {
  try {
    const value: unknown = stored ? JSON.parse(stored) : null;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Carries the choices out on the page (Cloudscape's global styles on the document body). */
export function applyExperiments(choices: ExperimentChoices, target: Element = document.body): void {
  disableMotion(choices.reducedMotion, target);
}

/** The experiments of one account: what is on, and a way to turn one on or off. */
export function useExperiments(userId: string) {
  const [stored, setStored] = useLocalStorage(STORAGE_KEYS.experiments(userId));
  const choices = useMemo(() => parseExperiments(stored), [stored]);
  const set = useCallback(
    // Other keys of the stored record (an earlier darkMode, read by shared/appearance) are kept.
    (id: ExperimentId, on: boolean) => setStored(JSON.stringify({ ...parseStoredRecord(stored), ...choices, [id]: on })),
    [choices, setStored, stored],
  );
  const reset = useCallback(() => setStored(JSON.stringify({ ...parseStoredRecord(stored), ...NONE })), [setStored, stored]);
  return { choices, set, reset };
}

/** Applies the signed-in account's experiments while the console's shell is shown; leaving it (sign-out) undoes them. */
export function useAppliedExperiments(userId: string): void {
  const { choices } = useExperiments(userId);
  useEffect(() => {
    applyExperiments(choices);
    return () => applyExperiments(NONE);
  }, [choices]);
}
