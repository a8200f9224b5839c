import type { ResponseOf } from '@console/contracts/endpoint';
import type { previewSignInLockout } from '@console/contracts/sign-in-security';
import { modals } from '../../../shared/ui/modals.ts';

type SignInLockoutPreview = ResponseOf<typeof previewSignInLockout>;

/** Thrown when the admin closes the warning: the save stops, nothing is shown. */
export const SIGN_IN_LOCKOUT_CANCELLED = Symbol('sign-in lockout cancelled');

/**
 * Shows the warning when the proposal affects anyone and answers the typed confirmation (undefined
 * when none is needed); throws SIGN_IN_LOCKOUT_CANCELLED when the admin closes it.
 */
export async function confirmSignInLockout(preview: SignInLockoutPreview, header: string): Promise<string | undefined> {
  if (!preview.self.impact && !preview.self.lockedOut && preview.members.length === 0) return undefined;
  // The warning (a table) loads when needed: the settings page's first paint does not carry it.
  const { SignInLockoutConfirm: Dialog } = await import('./SignInLockoutConfirm.tsx');
  const answer = await modals.form<{ typed: string | undefined }>({
    header,
    width: 760,
    render: ({ submit, cancel }) => <Dialog preview={preview} onConfirm={(typed) => submit({ typed })} onCancel={cancel} />,
  });
  if (!answer) throw SIGN_IN_LOCKOUT_CANCELLED;
  return answer.typed;
}
