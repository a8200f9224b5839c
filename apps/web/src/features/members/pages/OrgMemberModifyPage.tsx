import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { orgMemberQuery } from '../../../data/members/queries.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { MissingParameter } from '../../../shared/ui/MissingParameter.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { paths } from '../../../shared/paths.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The roles form loads on demand (issue 16): react-hook-form and the roles' multiselect are not on
 * the route's first paint, which is the header; the part is requested when this module loads
 * (`onDemand`'s `now`) and mounts once.
 */
const loadForm = () => import('../components/OrgMemberModifyForm.tsx').then((module) => module.OrgMemberModifyForm);
const OrgMemberModifyForm = onDemand(loadForm, { now: true });

/**
 * /org/:orgId/member/cloud/modify?memberId=…: change a cloud member's organization roles. Without
 * a member id (or with one that cannot be a member's) the page says what is missing; a member who
 * left (ORG_MEMBER_NOT_FOUND) is said to be gone; both link back to the members.
 */
export function OrgMemberModifyPage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const [search] = useSearchParams();
  const memberId = search.get('memberId') ?? '';
  const valid = UUID.test(memberId);
  const query = useQuery({ ...orgMemberQuery(orgId, memberId), enabled: valid });
  // Not (or no longer) a member of this organization: 22019.
  const notMember = query.error instanceof ApiError && query.error.code === '22019';
  const member = query.data?.member;
  const back = paths.org(orgId).member;
  useDocumentTitle(t('members.modify.title'));

  let body;
  if (!valid) {
    body = (
      <MissingParameter
        parameter="memberId"
        thing={t('members.modify.thing')}
        backHref={back}
        backText={t('members.modify.back')}
        invalid={memberId !== ''}
      />
    );
  } else if (member) {
    body = <OrgMemberModifyForm orgId={orgId} member={member} />;
  } else if (notMember) {
    body = (
      <SpaceBetween size="s">
        <Box color="text-status-inactive" data-testid="org-member-modify-missing">
          {t('members.modify.missing')}
        </Box>
        <RouterButton href={back}>{t('members.modify.back')}</RouterButton>
      </SpaceBetween>
    );
  } else if (query.isError) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    body = <PageSpinner />;
  }
  return <ContentLayout header={<Header variant="h1">{t('members.modify.title')}</Header>}>{body}</ContentLayout>;
}
