import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { confirmBreakGlass, requestBreakGlass } from '@console/contracts/refs/governance';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { callApi } from '../api/client.ts';
import { isApiError } from '../api/api-error.ts';
import { useFormatters } from '../i18n/LocaleProvider.tsx';
import { paths } from '../paths.ts';

/**
 * On the IP and country error pages: the organization's OWNER, locked out by its network rules,
 * asks for a one-time code by mail and, with it, turns the IP ACL and the country rule off
 * (recorded; modules/governance). Anyone else is told the OWNER only may.
 */
export function BreakGlassPanel({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const navigate = useNavigate();
  const [sent, setSent] = useState<{ maskedEmail: string; expiresAt: string }>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setError(undefined);
    setPending(true);
    try {
      await action();
    } catch (failure) {
      setError(isApiError(failure) ? (failure.fieldErrors[0]?.message ?? failure.message) : t('governance.breakGlass.failed'));
    } finally {
      setPending(false);
    }
  };
  const ask = () => run(async () => setSent(await callApi(requestBreakGlass, { params: { orgId }, routeErrors: false })));
  const use = () =>
    run(async () => {
      await callApi(confirmBreakGlass, { params: { orgId }, body: { code: code.trim() }, routeErrors: false });
      void navigate(paths.org(orgId).governance, { replace: true });
    });

  return (
    <ExpandableSection headerText={t('governance.breakGlass.panelTitle')} data-testid="break-glass-panel">
      <SpaceBetween size="s">
        <div>{t('governance.breakGlass.panelBody')}</div>
        {error ? <Alert type="error" data-testid="break-glass-error">{error}</Alert> : null}
        {sent ? (
          <>
            <Alert type="info">{t('governance.breakGlass.sent', { email: sent.maskedEmail, until: format.dateTime(sent.expiresAt) })}</Alert>
            <FormField label={t('governance.breakGlass.codeLabel')}>
              <Input value={code} onChange={({ detail }) => setCode(detail.value)} inputMode="numeric" data-testid="break-glass-code" ariaLabel={t('governance.breakGlass.codeLabel')} />
            </FormField>
            <Button variant="primary" loading={pending} onClick={() => void use()} data-testid="break-glass-use">
              {t('governance.breakGlass.use')}
            </Button>
          </>
        ) : (
          <Button loading={pending} onClick={() => void ask()} data-testid="break-glass-ask">
            {t('governance.breakGlass.ask')}
          </Button>
        )}
      </SpaceBetween>
    </ExpandableSection>
  );
}
