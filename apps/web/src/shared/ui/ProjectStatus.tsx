import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { Project } from '@console/contracts/organizations';
import { useTranslation } from '../i18n/use-translation.ts';

const STATUS_TYPES: Readonly<Record<Project['projectStatusCode'], StatusIndicatorProps.Type>> = {
  STABLE: 'success',
  DISABLED: 'stopped',
  BLOCKED: 'error',
  CLOSED: 'stopped',
  TERMINATED: 'stopped',
};

export function ProjectStatus({ status }: { status: Project['projectStatusCode'] }) {
  const { t } = useTranslation();
  return <StatusIndicator type={STATUS_TYPES[status]}>{t(`project.status.${status}`)}</StatusIndicator>;
}
