import Box from '@cloudscape-design/components/box';
import type { ActivityEvent } from '@console/contracts/activity';
import { useTranslation } from '../i18n/use-translation.ts';

/** "Kim · Project created: Web": the actor, the translated action, and the target's name then. */
export function ActivityText({ event }: { event: ActivityEvent }) {
  const { t } = useTranslation();
  return (
    <span data-testid="activity-text">
      <Box variant="span" fontWeight="bold">
        {event.actor.name}
      </Box>
      {event.actor.memberType === 'IAM' ? (
        <Box variant="span" color="text-body-secondary" fontSize="body-s">
          {` (${t('activity.iamAccount')})`}
        </Box>
      ) : null}
      {' · '}
      {t(`activity.actions.${event.actionCode}`)}
      {event.target.name ? (
        <>
          {': '}
          <Box variant="span" fontWeight="bold">
            {event.target.name}
          </Box>
        </>
      ) : null}
    </span>
  );
}
