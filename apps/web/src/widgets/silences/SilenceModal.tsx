import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import type { z } from 'zod';
import { createSilenceIn, invalidateSilences, type SilenceScope } from '../../data/notifications/silences.ts';
import { InputField } from '../../shared/form/InputField.tsx';
import { ServerForm } from '../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../shared/form/use-server-form.ts';
import type { SilenceFormSchema } from './silence-schema.ts';

type SilenceForm = z.input<typeof SilenceFormSchema>;

/** What the silence mutes: one alarm, or one receiver group (every alarm's messages to it). */
export type SilenceTarget = { alarmId: string; name: string } | { receiverGroupId: string; name: string };

/**
 * Mutes an alarm or a receiver group from now for a number of minutes, with a reason, in a project
 * or from the organization (an organization receiver group: for every project's alarms). The alarm
 * keeps being evaluated and its occurrences recorded; nothing is sent while the silence lasts.
 */
export function SilenceModal({ scope, target, onClose }: { scope: SilenceScope; target: SilenceTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { form, onSubmit, formError, pending } = useServerForm({
    schema: () => import('./silence-schema.ts').then((module) => module.SilenceFormSchema),
    defaultValues: { durationMinutes: 60, reason: '' } satisfies SilenceForm,
    fields: ['reason', 'durationMinutes'],
    aliases: { 'body.endsAt': 'durationMinutes', 'body.alarmId': 'reason' },
    submit: (values) => {
      const startsAt = new Date();
      const endsAt = new Date(startsAt.getTime() + values.durationMinutes * 60_000);
      const what = 'alarmId' in target ? { alarmId: target.alarmId } : { receiverGroupId: target.receiverGroupId };
      return createSilenceIn(scope, { ...what, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), reason: values.reason });
    },
    onSuccess: async () => {
      await invalidateSilences(client, scope);
      onClose();
    },
  });
  return (
    <Modal visible onDismiss={onClose} header={t('alarms.silence.title', { name: target.name })}>
      <ServerForm
        testId="silence-form"
        errorTestId="silence-form-error"
        onSubmit={onSubmit}
        formError={formError}
        submit={{ text: t('alarms.silence.save'), testId: 'silence-save', pending }}
        cancel={{ onClick: onClose, testId: 'silence-cancel' }}
      >
        <SpaceBetween size="m">
          <InputField control={form.control} name="durationMinutes" label={t('alarms.silence.duration')} type="number" testId="silence-duration" />
          <InputField control={form.control} name="reason" label={t('alarms.silence.reason')} testId="silence-reason" />
        </SpaceBetween>
      </ServerForm>
    </Modal>
  );
}
