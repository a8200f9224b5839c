import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formErrorMap } from '../form/form-error-map.ts';
import { SelectField } from '../form/SelectField.tsx';
import { applyServerErrors, isFieldErrorOnly } from '../form/server-errors.ts';
import { modals } from './modals.ts';

const FIELDS = ['newOwner'] as const;
const Schema = z.object({ newOwner: z.string().min(1, { error: 'validation.required' }) });

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
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const form = useForm({
    resolver: zodResolver(Schema, { error: formErrorMap(t) }),
    mode: 'onTouched',
    defaultValues: { newOwner: '' },
  });
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const options: SelectProps.Option[] = (candidates ?? []).map((candidate) => ({
    value: candidate.id,
    label: candidate.name,
    description: candidate.email,
  }));

  const onSubmit = form.handleSubmit(async (values) => {
    const target = candidates?.find((candidate) => candidate.id === values.newOwner);
    if (!target) return;
    setFormError(undefined);
    const confirmed = await modals.confirm({
      header: t('ownership.confirmTitle'),
      content: t('ownership.confirmContent', { name: resourceName, owner: `${target.name} (${target.email})` }),
      confirmText: t('ownership.submit'),
    });
    if (!confirmed) return;
    setPending(true);
    try {
      await onConfirm(target.id);
      onDone(target);
    } catch (error) {
      const aliases = { [serverField]: 'newOwner' as const };
      const text = applyServerErrors(error, form.setError, FIELDS, t, aliases);
      if (!isFieldErrorOnly(error, FIELDS, aliases)) setFormError(text);
    } finally {
      setPending(false);
    }
  });

  const empty = !loading && candidates !== undefined && candidates.length === 0;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="transfer-ownership-form">
      <Form
        errorText={
          formError || loadError ? <span data-testid="transfer-ownership-error">{formError ?? loadError}</span> : undefined
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onCancel} data-testid="transfer-ownership-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              formAction="submit"
              loading={pending}
              disabled={pending || empty || loading}
              nativeButtonAttributes={{ 'data-testid': 'transfer-ownership-submit' }}
            >
              {t('ownership.submit')}
            </Button>
          </SpaceBetween>
        }
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
      </Form>
    </form>
  );
}
