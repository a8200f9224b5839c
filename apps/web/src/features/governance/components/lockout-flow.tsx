import { modals } from '../../../shared/ui/modals.ts';
import { LockoutConfirm, type LockoutPreview } from './LockoutConfirm.tsx';

/** Thrown when the admin closes the lockout warning: the save stops, nothing is shown. */
export const LOCKOUT_CANCELLED = Symbol('lockout cancelled');

/**
 * The lockout-safe save: when the preview finds anyone locked out, the warning is shown and the
 * save goes on only once confirmed (with the typed organization name when the admin is among them).
 * Answers the confirmation to send (undefined when none is needed).
 */
export async function confirmLockout(preview: LockoutPreview, header: string): Promise<string | undefined> {
  if (!preview.self.lockedOut && preview.lockedOut.length === 0) return undefined;
  const answer = await modals.form<{ typed: string | undefined }>({
    header,
    width: 760,
    render: ({ submit, cancel }) => <LockoutConfirm preview={preview} onConfirm={(typed) => submit({ typed })} onCancel={cancel} />,
  });
  if (!answer) throw LOCKOUT_CANCELLED;
  return answer.typed;
}
