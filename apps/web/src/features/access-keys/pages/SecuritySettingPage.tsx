import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useQuery } from '@tanstack/react-query';
import { userAccessKeysQuery } from '../../../data/access-keys/access-keys.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The keys' table loads on demand (issue 16): Cloudscape's Table and the keys' actions are not on the
 * route's first paint, which is the header; the part is requested when this module loads (`onDemand`'s `now`).
 */
const loadUserAccessKeys = () => import('../components/UserAccessKeys.tsx').then((module) => module.UserAccessKeys);
const UserAccessKeys = onDemand(loadUserAccessKeys, { now: true });

/** /security-setting: the caller's user access keys (spec §2, §3, §4, §9). */
export function SecuritySettingPage() {
  const { t } = useTranslation();
  // The same query as the table's (which asks again every 15 s): the header says the account's limit and rotation days.
  const keys = useQuery(userAccessKeysQuery());
  useDocumentTitle(t('security.keys.title'));
  const limit = keys.data?.limit ?? 5;
  const days = keys.data?.rotationDays ?? 90;
  return (
    <ContentLayout header={<Header variant="h1" description={t('security.keys.description', { limit, days })}>{t('security.menu')}</Header>}>
      <UserAccessKeys />
    </ContentLayout>
  );
}
