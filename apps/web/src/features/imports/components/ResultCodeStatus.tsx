import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { BatchResultCode } from '@console/contracts/imports';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { serverMessage } from '../../../shared/i18n/i18n.ts';

/** Rows that are registered or left alone on purpose (spec §5: duplicates once, already registered not flagged). */
const SKIPPED: readonly string[] = ['DUPLICATED_DATA', 'ALREADY_REGISTERED_DATA'];

/** A row result that keeps the row from being registered. */
export const isProblem = (code: string | undefined) => code !== undefined && code !== 'SUCCESS' && !SKIPPED.includes(code);

/** The text of a §8 batch result code in the active language, from the server's bundle (`errors.<code>`). */
export function batchCodeText(code: string): string {
  return serverMessage(`errors.${code}`) ?? code;
}

/** A row's batch result code, translated, as a status: new, skipped or error. In a dry run SUCCESS reads "ready". */
export function ResultCodeStatus({ code, dryRun = false }: { code: BatchResultCode | undefined; dryRun?: boolean }) {
  // Re-renders when the server bundle arrives (i18next store 'added').
  const { t } = useTranslation();
  if (!code) return null;
  const type: StatusIndicatorProps.Type = code === 'SUCCESS' ? 'success' : SKIPPED.includes(code) ? 'info' : 'error';
  return (
    <StatusIndicator type={type}>
      <span title={code} data-code={code}>
        {dryRun && code === 'SUCCESS' ? t('imports.table.ready') : batchCodeText(code)}
      </span>
    </StatusIndicator>
  );
}
