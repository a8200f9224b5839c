import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { ProductInUse } from '@console/contracts/products';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useRegenerateOrgSecretKeyMutation, useRegenerateSecretKeyMutation } from '../../../data/products/mutations.ts';
import { orgProductQuery, projectProductQuery } from '../../../data/products/queries.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { toasts } from '../../../shared/ui/toasts.ts';

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toasts.show({ type: 'success', content: t('services.copied') });
    } catch {
      toasts.show({ type: 'error', content: t('services.copyFailed') });
    }
  };
  return (
    <FormField label={label} stretch>
      <SpaceBetween direction="horizontal" size="xs">
        <div style={{ minWidth: 360 }}>
          <Input value={value} readOnly ariaLabel={label} data-testid={testId} />
        </div>
        <Button iconName="copy" ariaLabel={`${t('services.copy')} ${label}`} onClick={() => void copy()}>
          {t('services.copy')}
        </Button>
      </SpaceBetween>
    </FormField>
  );
}

/**
 * The URL & Appkey modal (spec §2): URL, Appkey and SecretKey with copy buttons, and for those
 * allowed (hasUpdateSecretKeyPermission) a regenerate button that first warns that the current
 * SecretKey stops working.
 */
export function UrlAppkeyBody({ projectId, productId, onClose }: { projectId: string; productId: string; onClose: () => void }) {
  const answer = useQuery(projectProductQuery(projectId, productId));
  const regenerate = useRegenerateSecretKeyMutation(projectId, productId);
  return <KeysBody answer={answer} regenerate={regenerate} onClose={onClose} />;
}

/** The same modal for an organization service (GET organizations/{orgId}/products/{productId}). */
export function OrgUrlAppkeyBody({ orgId, productId, onClose }: { orgId: string; productId: string; onClose: () => void }) {
  const answer = useQuery(orgProductQuery(orgId, productId));
  const regenerate = useRegenerateOrgSecretKeyMutation(orgId, productId);
  return <KeysBody answer={answer} regenerate={regenerate} onClose={onClose} />;
}

function KeysBody({
  answer,
  regenerate,
  onClose,
}: {
  answer: UseQueryResult<{ product: ProductInUse; hasUpdateSecretKeyPermission: boolean }>;
  regenerate: { isPending: boolean; mutateAsync: (appKey: string) => Promise<unknown> };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  if (answer.isPending) return <Spinner />;
  if (answer.isError) return <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />;
  const { product, hasUpdateSecretKeyPermission } = answer.data;

  const onRegenerate = async () => {
    const confirmed = await modals.confirm({
      header: t('services.regenerateTitle'),
      content: <Alert type="warning">{t('services.regenerateWarning')}</Alert>,
      confirmText: t('services.regenerate'),
    });
    if (!confirmed) return;
    try {
      await regenerate.mutateAsync(product.appKey);
      toasts.show({ type: 'success', content: t('services.regenerated') });
    } catch (error) {
      toasts.show({ type: 'error', content: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <SpaceBetween size="m">
      {product.productUrl ? <CopyField label={t('services.url')} value={product.productUrl} testId="product-url" /> : null}
      <CopyField label={t('services.appKey')} value={product.appKey} testId="product-appkey" />
      {product.productSecretKeyCode === 'T' ? (
        product.secretKey ? (
          <CopyField label={t('services.secretKey')} value={product.secretKey} testId="product-secretkey" />
        ) : (
          <FormField label={t('services.secretKey')}>
            <Box color="text-body-secondary">{t('services.secretHidden')}</Box>
          </FormField>
        )
      ) : null}
      <Box float="right">
        <SpaceBetween direction="horizontal" size="xs">
          {hasUpdateSecretKeyPermission ? (
            <Button loading={regenerate.isPending} onClick={() => void onRegenerate()}>
              {t('services.regenerate')}
            </Button>
          ) : null}
          <Button variant="primary" onClick={onClose}>
            {t('services.close')}
          </Button>
        </SpaceBetween>
      </Box>
    </SpaceBetween>
  );
}
