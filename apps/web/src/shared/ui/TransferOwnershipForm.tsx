import Box from '@cloudscape-design/components/box';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { SelectField } from '../form/SelectField.tsx';
import { ServerForm } from '../form/ServerForm.tsx';
import { useServerForm } from '../form/use-server-form.ts';
import { modals } from './modals.ts';
import { useReportDirty } from '../form/use-report-dirty.ts';

const FIELDS = ['newOwner'] as const;

export interface OwnershipCandidate {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export interface TransferOwnershipFormProps {
  /** What is handed over (the organization's or project's name), for the confirmation. */
  readonly resourceName: string;
  readonly description: string;
  readonly candidates: readonly OwnershipCandidate[] | undefined;
  readonly loading: boolean;
  /** Text when the candidates could not be loaded. */
  readonly loadError?: string;
  /** The server's name of the new owner's field (`body.ownerUuid`, `body.projectOwnerId`). */
  readonly serverField: string;
  /** Hands over; a failure stays in the form (the API decides who may become owner). */
  readonly onConfirm: (newOwnerId: string) => Promise<unknown>;
  readonly onDone: (newOwner: OwnershipCandidate) => void;
  readonly onCancel: () => void;
  readonly onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The body of "Transfer ownership": choose the new owner among the members, confirm, hand over.
 * The API decides who is eligible; its refusal shows in the form, translated.
 */
export function TransferOwnershipForm({
  resourceName,
  description,
  candidates,
  loading,
  loadError,
  serverField,
  onConfirm,
  onDone,
  onCancel,
  onDirtyChange,
}: TransferOwnershipFormProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./transfer-ownership-schema.ts').then((module) => module.Schema),
    defaultValues: { newOwner: '' },
    fields: FIELDS,
    aliases: { [serverField]: 'newOwner' as const },
    // The confirmation dialog opens inside the call, so the console's spinner must not cover it.
    showProgress: false,
    submit: async (values) => {
      const target = candidates?.find((candidate) => candidate.id === values.newOwner);
      if (!target) return undefined;
      const confirmed = await modals.confirm({
        header: t('ownership.confirmTitle'),
        content: t('ownership.confirmContent', { name: resourceName, owner: `${target.name} (${target.email})` }),
        confirmText: t('ownership.submit'),
      });
      if (!confirmed) return undefined;
      setPending(true);
      try {
        await onConfirm(target.id);
      } finally {
        setPending(false);
      }
      return target;
    },
    onSuccess: (target) => {
      if (target) onDone(target);
    },
  });
  const dirty = form.formState.isDirty;
  useReportDirty(dirty, onDirtyChange);

  const options: SelectProps.Option[] = (candidates ?? []).map((candidate) => ({
    value: candidate.id,
    label: candidate.name,
    description: candidate.email,
  }));

  const empty = !loading && candidates !== undefined && candidates.length === 0;

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError ?? loadError}
      testId="transfer-ownership-form"
      errorTestId="transfer-ownership-error"
      cancel={{ onClick: onCancel, testId: 'transfer-ownership-cancel' }}
      submit={{ text: t('ownership.submit'), testId: 'transfer-ownership-submit', pending, disabled: empty || loading }}
    >
      <SpaceBetween size="m">
        <Box variant="p">{description}</Box>
        {empty ? (
          <Box color="text-status-inactive" data-testid="transfer-ownership-empty">
            {t('ownership.noCandidates')}
          </Box>
        ) : (
          <SelectField
            control={form.control}
            name="newOwner"
            label={t('ownership.newOwner')}
            placeholder={t('ownership.placeholder')}
            options={options}
            loading={loading}
            loadingText={t('common.loading')}
            testId="transfer-ownership-select"
          />
        )}
      </SpaceBetween>
    </ServerForm>
  );
}
