import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { PermissionCheck } from '../permissions/use-permissions.ts';
import { useReportDirty } from './use-report-dirty.ts';

/** What a page of several settings panels (organization or project management) gives each panel's form. */
export interface SettingsPanelProps {
  /** The permission the panel's save needs: without it the fields and the button are disabled. */
  readonly check: PermissionCheck;
  /** Tells the page whether the panel holds unsaved changes (the page's leave-without-saving guard). */
  readonly onDirtyChange: (dirty: boolean) => void;
}

/**
 * The part every settings panel's form shares: it tells the page when it holds unsaved changes
 * and, given the saved values, shows values saved elsewhere (another tab, a refetch) unless the
 * user is editing. Answers whether the form holds unsaved changes.
 */
export function useSettingsPanel<TInput extends FieldValues, TOutput>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  onDirtyChange: (dirty: boolean) => void,
  saved?: TInput,
): boolean {
  const dirty = form.formState.isDirty;
  useReportDirty(dirty, onDirtyChange);

  // Followed by value, not by the object's identity (a panel builds it anew on every render).
  const savedKey = saved === undefined ? undefined : JSON.stringify(saved);
  const latest = useRef(saved);
  useEffect(() => {
    latest.current = saved;
  });
  useEffect(() => {
    const values = latest.current;
    if (savedKey !== undefined && values !== undefined && !form.formState.isDirty) form.reset(values);
  }, [savedKey, form]);
  return dirty;
}
