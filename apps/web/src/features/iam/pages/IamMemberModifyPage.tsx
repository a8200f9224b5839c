import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { isUuid } from '@console/contracts/ids';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { MissingParameter } from '../../../shared/ui/MissingParameter.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { IAM_MEMBER_NOT_FOUND, iamMemberQuery } from '../../../data/iam/queries.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { paths } from '../../../shared/paths.ts';

/**
 * The account's form and its sign-in security load on demand (issue 16): react-hook-form and the
 * fields are not on the route's first paint, which is the header; the part is requested when this
 * module loads (`onDemand`'s `now`) and mounts once.
 */
const loadSections = () => import('../components/IamMemberEditSections.tsx').then((module) => module.IamMemberEditSections);
const IamMemberEditSections = onDemand(loadSections, { now: true });

/**
 * /org/:orgId/member/iam/modify?memberId=…: edit an IAM account's name, email and phone (not SSO
 * accounts). Without a member id, or with one that cannot be an account's, the page says so and
 * links back to the IAM accounts; an account that is gone (IAM_MEMBER_NOT_FOUND) is said to be gone.
 */
export function IamMemberModifyPage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const [search] = useSearchParams();
  const memberId = search.get('memberId') ?? '';
  // The endpoint's own check of both ids (`z.string().uuid()`), without zod (contracts ids.ts).
  const valid = isUuid(orgId) && isUuid(memberId);
  const member = useQuery({ ...iamMemberQuery(orgId, memberId), enabled: valid });
  useDocumentTitle(t('iam.edit.title'));
  const back = paths.org(orgId).memberTab('iam');

  let body;
  if (!valid) {
    body = (
      <MissingParameter
        parameter="memberId"
        thing={t('iam.edit.thing')}
        backHref={back}
        backText={t('iam.edit.back')}
        invalid={memberId !== ''}
      />
    );
  } else if (member.isPending) {
    body = <PageSpinner />;
  } else if (member.isError && isApiError(member.error) && member.error.code === IAM_MEMBER_NOT_FOUND) {
    body = (
      <Alert
        type="info"
        data-testid="iam-edit-not-found"
        action={<RouterButton href={back}>{t('iam.edit.back')}</RouterButton>}
      >
        {t('iam.edit.notFound')}
      </Alert>
    );
  } else if (member.isError) {
    body = <ErrorState error={member.error} onRetry={() => void member.refetch()} />;
  } else {
    body = <IamMemberEditSections orgId={orgId} memberId={memberId} member={member.data} back={back} />;
  }
  return <ContentLayout header={<Header variant="h1">{t('iam.edit.title')}</Header>}>{body}</ContentLayout>;
}
