import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { ResponseOf } from '@console/contracts/endpoint';
import type { previewSignInLockout, SignInImpact } from '@console/contracts/sign-in-security';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

export type SignInLockoutPreview = ResponseOf<typeof previewSignInLockout>;

const impactText = (t: TFunction, impact: SignInImpact, sessions: number) =>
  impact === 'SESSIONS_END' ? t('signInSecurity.lockout.impact.SESSIONS_END', { count: sessions }) : t(`signInSecurity.lockout.impact.${impact}`);

/**
 * The lockout-safe editor's warning for two-step and session rules: the admin first (these rules
 * reach IAM accounts only), then the IAM accounts the proposal affects. When it ends the admin's
 * own session, the organization's name must be typed (the server asks for it too: SIGN_IN_LOCKOUT_CONFIRMATION_REQUIRED). Accounts
 * a mailed-code rule leaves without any way in (no email address) are called out above the list.
 */
export function SignInLockoutConfirm({ preview, onConfirm, onCancel }: { preview: SignInLockoutPreview; onConfirm: (typed: string | undefined) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const { self } = preview;
  const matches = typed.trim() === preview.confirmationText;
  let selfLine: string;
  if (!self.applies) selfLine = t('signInSecurity.lockout.selfNotIam');
  else if (self.impact) selfLine = t('signInSecurity.lockout.selfImpact', { impact: impactText(t, self.impact, 1) });
  else selfLine = t('signInSecurity.lockout.selfSafe');

  return (
    <SpaceBetween size="m">
      {self.lockedOut ? (
        <Alert type="error" header={t('signInSecurity.lockout.selfTitle')} data-testid="sign-in-lockout-self">
          {t('signInSecurity.lockout.selfBody')}
        </Alert>
      ) : (
        <Box data-testid="sign-in-lockout-self-line">{selfLine}</Box>
      )}
      {preview.lockedOutMembers > 0 ? (
        <Alert type="warning" header={t('signInSecurity.lockout.noAddressTitle', { count: preview.lockedOutMembers })} data-testid="sign-in-lockout-no-address">
          {t('signInSecurity.lockout.noAddressBody')}
        </Alert>
      ) : null}
      <Table
        data-testid="sign-in-lockout-members"
        variant="embedded"
        items={preview.members}
        trackBy="iamMemberId"
        header={<Box variant="h3">{t('signInSecurity.lockout.membersTitle', { count: preview.members.length, checked: preview.checkedMembers })}</Box>}
        empty={<Box>{t('signInSecurity.lockout.membersNone')}</Box>}
        columnDefinitions={[
          { id: 'id', header: t('signInSecurity.lockout.columns.id'), cell: (row) => row.userCode },
          { id: 'name', header: t('signInSecurity.lockout.columns.name'), cell: (row) => row.name },
          { id: 'email', header: t('signInSecurity.lockout.columns.email'), cell: (row) => row.email },
          { id: 'impact', header: t('signInSecurity.lockout.columns.impact'), cell: (row) => impactText(t, row.impact, row.sessionsEnding) },
        ]}
      />
      {self.lockedOut ? (
        <FormField label={t('signInSecurity.lockout.typeLabel', { name: preview.confirmationText })}>
          <Input value={typed} onChange={({ detail }) => setTyped(detail.value)} data-testid="sign-in-lockout-input" ariaLabel={t('signInSecurity.lockout.typeLabel', { name: preview.confirmationText })} />
        </FormField>
      ) : null}
      <Box float="right">
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="link" onClick={onCancel} data-testid="sign-in-lockout-cancel">
            {t('common.cancel')}
          </Button>
          <Button variant="primary" disabled={self.lockedOut && !matches} onClick={() => onConfirm(self.lockedOut ? typed.trim() : undefined)} data-testid="sign-in-lockout-confirm">
            {t('signInSecurity.lockout.confirm')}
          </Button>
        </SpaceBetween>
      </Box>
    </SpaceBetween>
  );
}
