import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { IamLoginForm } from '../components/IamLoginForm.tsx';
import { MemberLoginForm } from '../components/MemberLoginForm.tsx';
import { safeLocalPath } from '../navigation.ts';

const MEMBER_TAB = 'login-tab-member';
const IAM_TAB = 'login-tab-iam';
const frameStyle = { maxWidth: 460, margin: '32px auto' } as const;

/**
 * /login: a Member tab (email, password) and an IAM account tab (organization domain, ID,
 * password). `?domain=` opens the IAM tab with the domain filled; nextUrl, returnUrl and serviceId
 * go to the API, which answers where to go after signing in.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const domain = search.get('domain') ?? '';
  const nextUrl = safeLocalPath(search.get('nextUrl') ?? search.get('returnUrl'));
  const returnUrl = safeLocalPath(search.get('returnUrl') ?? search.get('nextUrl'));
  const serviceId = search.get('serviceId') || undefined;
  const [tab, setTab] = useState(domain ? IAM_TAB : MEMBER_TAB);
  useDocumentTitle(t('auth.login.title'));

  return (
    <div style={frameStyle} data-testid="login-page">
      <Container
        header={<Header variant="h1">{t('auth.login.heading', { product: t('common.productName') })}</Header>}
      >
        <Tabs
          activeTabId={tab}
          onChange={({ detail }) => setTab(detail.activeTabId)}
          tabs={[
            {
              id: MEMBER_TAB,
              label: t('auth.login.tabs.member'),
              content: (
                <Box padding={{ top: 's' }}>
                  <Box variant="p" color="text-body-secondary" padding={{ bottom: 'm' }}>
                    {t('auth.login.member.description')}
                  </Box>
                  <MemberLoginForm nextUrl={nextUrl} />
                </Box>
              ),
            },
            {
              id: IAM_TAB,
              label: t('auth.login.tabs.iam'),
              content: (
                <Box padding={{ top: 's' }}>
                  <Box variant="p" color="text-body-secondary" padding={{ bottom: 'm' }}>
                    {t('auth.login.iam.description')}
                  </Box>
                  <IamLoginForm domain={domain} returnUrl={returnUrl} serviceId={serviceId} />
                </Box>
              ),
            },
          ]}
        />
      </Container>
    </div>
  );
}
