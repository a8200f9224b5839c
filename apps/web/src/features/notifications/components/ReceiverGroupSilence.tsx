import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { Silence } from '@console/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useEndSilence, type SilenceScope } from '../../../data/notifications/silences.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';

/** The silence form, loaded when opened. */
const SilenceModal = onDemand(() => import('../../../widgets/silences/SilenceModal.tsx').then((module) => module.SilenceModal));

export interface ReceiverGroupSilenceProps {
  /** The project (its alarms), or the organization (its receiver groups muted for every project's alarms). */
  scope: SilenceScope;
  group: { receiverGroupId: string; name: string };
  /** The scope's silences not yet over (silencesQuery). */
  silences: readonly Silence[];
  /** Project|Organization.SystemNotification.Update: silence and end a silence. */
  canSilence: boolean;
  deniedReason?: string | undefined;
}

/**
 * A receiver group's silences in a project or the organization (API: alarms.createSilence /
 * createOrgSilence with receiverGroupId): while one lasts no alarm of the project (of any project,
 * for an organization group) notifies the group (mail or webhook); alarms are still
 * evaluated and their occurrences kept. Shows each silence not yet over (until when, why, who)
 * with "End silence", or "Silence" (duration and reason in a dialog).
 */
export function ReceiverGroupSilence({ scope, group, silences, canSilence, deniedReason }: ReceiverGroupSilenceProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [open, setOpen] = useState(false);
  const end = useEndSilence(scope);
  const own = silences.filter((silence) => silence.receiverGroupId === group.receiverGroupId);
  const onEnd = (silence: Silence) =>
    void end
      .mutateAsync(silence.silenceId)
      .then(() => toasts.show({ type: 'success', content: t('alarms.silence.ended', { name: group.name }) }))
      .catch((error: unknown) => modals.alert({ header: t('alarms.silence.end'), content: apiErrorMessage(error, t) }));
  return (
    <SpaceBetween size="xs" data-testid="receiver-group-silence-panel">
      <Box variant="awsui-key-label">{t('alarms.silence.groupLabel')}</Box>
      <Box color="text-body-secondary" fontSize="body-s">
        {t('alarms.silence.groupHelp')}
      </Box>
      {own.length === 0 ? (
        <SpaceBetween direction="horizontal" size="s" alignItems="center">
          <StatusIndicator type="success" data-testid="receiver-group-not-silenced">{t('alarms.silence.notSilenced')}</StatusIndicator>
          <Button disabled={!canSilence} disabledReason={deniedReason} onClick={() => setOpen(true)} data-testid="receiver-group-silence">
            {t('alarms.silence.action')}
          </Button>
        </SpaceBetween>
      ) : (
        own.map((silence) => (
          <SpaceBetween direction="horizontal" size="s" alignItems="center" key={silence.silenceId}>
            <StatusIndicator type="stopped" data-testid="receiver-group-silenced">
              {silence.isActive
                ? t('alarms.list.silencedUntil', { time: format.dateTime(silence.endsAt), reason: silence.reason })
                : t('alarms.silence.scheduled', { from: format.dateTime(silence.startsAt), time: format.dateTime(silence.endsAt), reason: silence.reason })}
            </StatusIndicator>
            <Box color="text-body-secondary">{t('alarms.silence.by', { name: silence.createdBy })}</Box>
            <Button variant="inline-link" disabled={!canSilence || end.isPending} disabledReason={deniedReason} onClick={() => onEnd(silence)} data-testid="receiver-group-silence-end">
              {t('alarms.silence.end')}
            </Button>
          </SpaceBetween>
        ))
      )}
      {open ? <SilenceModal scope={scope} target={{ receiverGroupId: group.receiverGroupId, name: group.name }} onClose={() => setOpen(false)} /> : null}
    </SpaceBetween>
  );
}
