import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The form loads on demand (issue 16): react-hook-form, the fields and the roles' multiselect are
 * not on the route's first paint, which is the header; the part is requested when this module
 * loads (`onDemand`'s `now`) and mounts once.
 */
const loadForm = () => import('../components/OrgMemberInviteForm.tsx').then((module) => module.OrgMemberInviteForm);
const OrgMemberInviteForm = onDemand(loadForm, { now: true });

/** /org/:orgId/member/cloud/add: invite people by email with organization roles. */
export function OrgMemberInvitePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('members.invite.title'));
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('members.invite.description')}>
          {t('members.invite.title')}
        </Header>
      }
    >
      <OrgMemberInviteForm />
    </ContentLayout>
  );
}
