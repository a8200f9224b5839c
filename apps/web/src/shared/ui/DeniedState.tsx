import Alert from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from '../i18n/use-translation.ts';
import { RouterButton } from './RouterButton.tsx';

/**
 * What a page shows to someone without the permission to see it (spec §6 "A permission-denied page
 * asks the user to request roles"): which roles would allow it, whom to ask, and their own roles.
 */
export function DeniedState({ reason, testId }: { reason: string | undefined; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      header={t('roleGroups.denied.pageTitle')}
      action={
        <RouterButton href="/roles/projects" data-testid={`${testId}-request`}>
          {t('roleGroups.denied.requestRoles')}
        </RouterButton>
      }
    >
      <SpaceBetween size="xs">
        <span data-testid={testId}>{t('roleGroups.denied.pageText', { reason: reason ?? '' })}</span>
      </SpaceBetween>
    </Alert>
  );
}
