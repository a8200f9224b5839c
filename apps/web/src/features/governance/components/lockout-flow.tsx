import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { BodyOf } from '@console/contracts/endpoint';
import type { previewLockout } from '@console/contracts/governance';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ServerForm, type ServerFormProps } from '../../../shared/form/ServerForm.tsx';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { modals } from '../../../shared/ui/modals.ts';
import { askLockout } from '../../../data/governance/governance.ts';
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

/** Asks who the proposed rule locks out, then confirms as above: the typed confirmation to send, if any. */
export async function confirmProposedRule(orgId: string, body: BodyOf<typeof previewLockout>, header: string): Promise<string | undefined> {
  return confirmLockout(await askLockout(orgId, body), header);
}

/**
 * The one frame of the network rule forms (IP ACL, a service's IP list, the country rule): an
 * optional panel header, the form error, and Save enabled once something changed.
 */
export function RuleFormFrame({ testId, title, description, onSubmit, formError, check, pending, dirty, children }: {
  testId: string;
  /** Without a title the form sits inside its caller's panel. */
  title?: string;
  description?: string;
  onSubmit: ServerFormProps['onSubmit'];
  formError: ServerFormProps['formError'];
  check: PermissionCheck;
  pending: boolean;
  dirty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId={`${testId}-form`}
      errorTestId={`${testId}-form-error`}
      containerHeader={title === undefined ? undefined : <Header variant="h2" description={description}>{title}</Header>}
      submit={{ text: t('governance.save'), testId: `${testId}-save`, pending, disabled: !check.allowed || !dirty, disabledReason: check.reason }}
    >
      <SpaceBetween size="m">{children}</SpaceBetween>
    </ServerForm>
  );
}
