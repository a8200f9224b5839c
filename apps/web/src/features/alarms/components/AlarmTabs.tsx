import Tabs from '@cloudscape-design/components/tabs';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate } from 'react-router';

/** The management / occurrence history tabs of notification management (spec §2 alarm routes). */
export function AlarmTabs({ active, base }: { active: 'management' | 'occurrence'; base: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      activeTabId={active}
      onChange={({ detail }) => void navigate(`${base}/${detail.activeTabId}`)}
      tabs={[
        { id: 'management', label: t('alarms.tabs.management') },
        { id: 'occurrence', label: t('alarms.tabs.occurrence') },
      ]}
    />
  );
}
