import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { productsQuery } from '../../../data/products/queries.ts';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { ipAclQuery } from '../../../data/governance/governance.ts';
import { IpAclForm } from './IpAclForm.tsx';

/**
 * Under the INDIVIDUAL type, each service may have its own IP list: the server refuses (IP_NOT_ALLOWED) that
 * service's calls and pages from addresses outside it, on top of the console's list.
 */
export function ProductIpAclPanel({ orgId, check }: { orgId: string; check: PermissionCheck }) {
  const { t, i18n } = useTranslation();
  const catalogue = useQuery(productsQuery(i18n.language));
  const [productId, setProductId] = useState<string>();
  const ipAcl = useQuery({ ...ipAclQuery(orgId, productId), enabled: productId !== undefined });
  const options = (catalogue.data ?? []).map((product) => ({ value: product.productId, label: product.productName }));
  const chosen = options.find((option) => option.value === productId);

  return (
    <Container header={<Header variant="h2" description={t('governance.productIpAcl.description')}>{t('governance.productIpAcl.title')}</Header>}>
      <SpaceBetween size="m">
        <FormField label={t('governance.productIpAcl.product')}>
          <Select
            selectedOption={chosen ?? null}
            options={options}
            placeholder={t('governance.productIpAcl.choose')}
            filteringType="auto"
            statusType={catalogue.isPending ? 'loading' : catalogue.isError ? 'error' : 'finished'}
            loadingText={t('common.loading')}
            onChange={({ detail }) => setProductId(detail.selectedOption.value)}
            data-testid="product-ip-acl-product"
          />
        </FormField>
        {productId === undefined || !chosen ? null : ipAcl.isError ? (
          <ErrorState error={ipAcl.error} onRetry={() => void ipAcl.refetch()} />
        ) : !ipAcl.data ? (
          <PageSpinner />
        ) : (
          <IpAclForm
            key={`${productId}:${ipAcl.data.ipAclSelection}:${ipAcl.data.ips.join(',')}`}
            orgId={orgId}
            ipAcl={ipAcl.data}
            check={check}
            product={{ productId, productName: chosen.label }}
          />
        )}
      </SpaceBetween>
    </Container>
  );
}
