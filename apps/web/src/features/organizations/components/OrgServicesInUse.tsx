import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { OrgInfo } from '@console/contracts/organizations';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/**
 * Organization management, default settings: the services in use in the organization's projects
 * (spec §2). Services arrive with a later issue; until then the list is honestly empty.
 */
export function OrgServicesInUse({ info, loading }: { info: OrgInfo | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const products = info?.productIdsInUse ?? [];
  return (
    <Container
      data-testid="org-services-in-use"
      header={
        <Header variant="h2" description={t('org.defaults.services.description')}>
          {t('org.defaults.services.title')}
        </Header>
      }
    >
      {loading ? (
        <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
      ) : products.length === 0 ? (
        <Box color="text-status-inactive" data-testid="org-services-empty">
          {t('org.defaults.services.empty')}
        </Box>
      ) : (
        <ul data-testid="org-services-list">
          {products.map((productId) => (
            <li key={productId}>
              <Box variant="code">{productId}</Box>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
