import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { ResponseOf } from '@console/contracts/endpoint';
import type { previewLockout } from '@console/contracts/governance';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { countryName } from './countries.ts';

export type LockoutPreview = ResponseOf<typeof previewLockout>;

/**
 * The lockout-safe editor's warning: who the proposed rule locks out (the admin now, and members
 * by their sign-ins of the last 30 days). When the admin locks themself out, the organization's
 * name must be typed before the rule can be saved (the server asks for it too).
 */
export function LockoutConfirm({ preview, onConfirm, onCancel }: { preview: LockoutPreview; onConfirm: (typed: string | undefined) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const [typed, setTyped] = useState('');
  const selfOut = preview.self.lockedOut;
  const matches = typed.trim() === preview.confirmationText;
  const place = (ip: string, country: string | null) => `${ip} (${country ? countryName(country, i18n.language) : t('governance.lockout.unknownCountry')})`;

  return (
    <SpaceBetween size="m">
      {selfOut ? (
        <Alert type="error" header={t('governance.lockout.selfTitle')} data-testid="lockout-self">
          {t('governance.lockout.selfBody', { place: place(preview.self.clientIp, preview.self.countryCode) })}
        </Alert>
      ) : (
        <Box>{t('governance.lockout.selfSafe', { place: place(preview.self.clientIp, preview.self.countryCode) })}</Box>
      )}
      <Table
        data-testid="lockout-members"
        variant="embedded"
        items={preview.lockedOut}
        trackBy={(row) => `${row.memberId}:${row.clientIp}`}
        header={<Box variant="h3">{t('governance.lockout.membersTitle', { count: preview.lockedOut.length, checked: preview.checkedSignIns })}</Box>}
        empty={<Box>{t('governance.lockout.membersNone')}</Box>}
        columnDefinitions={[
          { id: 'name', header: t('governance.lockout.columns.name'), cell: (row) => row.name },
          { id: 'email', header: t('governance.lockout.columns.email'), cell: (row) => row.email },
          { id: 'place', header: t('governance.lockout.columns.place'), cell: (row) => place(row.clientIp, row.countryCode) },
          { id: 'when', header: t('governance.lockout.columns.lastSignIn'), cell: (row) => format.dateTime(row.lastSignInAt) },
        ]}
      />
      {selfOut ? (
        <FormField label={t('governance.lockout.typeLabel', { name: preview.confirmationText })} description={t('governance.lockout.typeHint')}>
          <Input value={typed} onChange={({ detail }) => setTyped(detail.value)} data-testid="lockout-confirm-input" ariaLabel={t('governance.lockout.typeLabel', { name: preview.confirmationText })} />
        </FormField>
      ) : null}
      <Box float="right">
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="link" onClick={onCancel} data-testid="lockout-cancel">
            {t('common.cancel')}
          </Button>
          <Button variant="primary" disabled={selfOut && !matches} onClick={() => onConfirm(selfOut ? typed.trim() : undefined)} data-testid="lockout-confirm">
            {t('governance.lockout.confirm')}
          </Button>
        </SpaceBetween>
      </Box>
    </SpaceBetween>
  );
}
