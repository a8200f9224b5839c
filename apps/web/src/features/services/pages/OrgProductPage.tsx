import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { orgProductQuery } from '../../../data/products/queries.ts';
import { OrgProductFrame } from '../components/OrgProductFrame.tsx';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/** The URL & Appkey dialog's body (its fields), loaded when the dialog opens (issue 16). */
const OrgUrlAppkeyBody = onDemand(() => import('../components/UrlAppkeyModal.tsx').then((module) => module.OrgUrlAppkeyBody));

/**
 * The SaaS members' table loads on demand (issue 16): Cloudscape's Table, the member form
 * (react-hook-form, Select) and the row actions are not on the route's first paint, which is the
 * header and the service's frame; the part is requested when this module loads (`onDemand`'s `now`).
 */
const loadTable = () => import('../components/SaasMembersTable.tsx').then((module) => module.SaasMembersTable);
const SaasMembersTable = onDemand(loadTable, { now: true });

/**
 * /org/{orgId}/{productId} (spec §2): an organization service's page — its URL & Appkey, its own
 * page framed through the proxy's organization mode (for its SaaS members), and its SaaS members (spec §7 saas/organizations/{orgId}/members, set-role, set-owner), paged by the
 * server. The SaaS OWNER cannot be removed or demoted; another member is made OWNER instead, and
 * the former OWNER stays as ADMIN.
 */
export function OrgProductPage() {
  const { orgId = '', productId = '' } = useParams();
  const { t } = useTranslation();
  const product = useQuery(orgProductQuery(orgId, productId));
  if (product.isError) return <ErrorState error={product.error} onRetry={() => void product.refetch()} />;
  const name = product.data?.product.productName ?? productId;

  const openKeys = () =>
    modals.custom({ header: t('services.modalTitle'), render: ({ close }) => <OrgUrlAppkeyBody orgId={orgId} productId={productId} onClose={() => close()} /> });

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        actions={
          <Button onClick={() => void openKeys()} data-testid="org-product-keys">
            {t('services.urlAppkey')}
          </Button>
        }
      >
        {name}
      </Header>
      {product.data ? <OrgProductFrame orgId={orgId} productId={productId} name={name} saasRole={product.data.saasRole} /> : null}
      <SaasMembersTable orgId={orgId} productId={productId} name={name} />
    </SpaceBetween>
  );
}
