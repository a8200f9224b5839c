import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useFormatters, useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import type { PermissionCheck } from '../../shared/permissions/use-permissions.ts';
import { RouterLink } from '../../shared/ui/RouterLink.tsx';
import { activityPageQuery, type ActivityScope } from '../../data/activity/queries.ts';
import { relativeTime } from '../../shared/activity/relative-time.ts';
import { ActivityText } from '../../shared/activity/activity-text.tsx';

/** How many events a dashboard shows. */
export const RECENT_ACTIVITY_COUNT = 10;

/**
 * A dashboard widget: the last 10 events of an organization or project, with relative times (the
 * full time on hover) and a link to the full list. Without the permission to read the feed it says
 * which role would allow it instead of hiding.
 */
export function RecentActivityWidget({
  scope,
  check,
  fullListHref,
}: {
  scope: ActivityScope;
  check: PermissionCheck;
  fullListHref?: string | undefined;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const format = useFormatters();
  const feed = useQuery({ ...activityPageQuery(scope, { page: 1, limit: RECENT_ACTIVITY_COUNT }), enabled: check.allowed });
  const events = feed.data?.activities ?? [];

  return (
    <Container
      data-testid="recent-activity"
      header={
        <Header
          variant="h2"
          actions={
            fullListHref && check.allowed ? (
              <RouterLink href={fullListHref} data-testid="recent-activity-all">
                {t('activity.viewAll')}
              </RouterLink>
            ) : undefined
          }
        >
          {t('activity.recent')}
        </Header>
      }
    >
      {!check.allowed ? (
        check.loading ? (
          <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
        ) : (
          <Box color="text-status-inactive" data-testid="recent-activity-denied">
            {t('activity.notAllowed', { reason: check.reason ?? '' })}
          </Box>
        )
      ) : feed.isPending ? (
        <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
      ) : feed.isError ? (
        <StatusIndicator type="error">{t('errors.api.generic')}</StatusIndicator>
      ) : events.length === 0 ? (
        <Box color="text-status-inactive" data-testid="recent-activity-empty">
          {t('activity.empty')}
        </Box>
      ) : (
        <SpaceBetween size="xs">
          {events.map((event) => (
            <div key={event.activityId} data-testid="recent-activity-item">
              <ActivityText event={event} />
              <Box variant="small" display="block" color="text-body-secondary">
                <time dateTime={event.occurredDateTime} title={format.dateTime(event.occurredDateTime)}>
                  {relativeTime(event.occurredDateTime, locale)}
                </time>
              </Box>
            </div>
          ))}
        </SpaceBetween>
      )}
    </Container>
  );
}
