import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { Organization } from '@console/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { isFieldErrorOnly } from '../../../shared/form/server-errors.ts';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useSettingsPanel, type SettingsPanelProps } from '../../../shared/form/use-settings-panel.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useSaveOrgDomainMutation } from '../../../data/organizations/mutations.ts';
import { domainCheckQuery } from '../../../data/organizations/queries.ts';

const FIELDS = ['domainName'] as const;
/** How long typing must pause before the server checks the domain. */
const CHECK_DELAY_MS = 400;

/** The text of a refused check: the field message the server gave (DOMAIN_PROHIBITED_WORD, DOMAIN_RULE_VIOLATION, DUPLICATE_DOMAIN), else the code's text. */
function refusalText(error: unknown, t: Parameters<typeof apiErrorMessage>[1]): string {
  if (isApiError(error)) {
    const fieldError = error.fieldErrors.find((item) => item.field === 'body.domainName');
    if (fieldError) return fieldError.message;
  }
  return apiErrorMessage(error, t);
}

/**
 * Organization management, Domain: the IAM sign-in domain. While the user types, the server
 * checks the domain (POST domains/validation: rule DOMAIN_RULE_VIOLATION, prohibited word DOMAIN_PROHIBITED_WORD, in use DUPLICATE_DOMAIN)
 * and the answer shows next to the field; saving adds the domain or changes it.
 */
export function OrgDomainForm({ org, check, onDirtyChange }: SettingsPanelProps & { org: Organization }) {
  const { t } = useTranslation();
  const current = org.orgDomainList[0];
  const save = useSaveOrgDomainMutation(org.orgId);
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./org-domain-schema.ts').then((module) => module.DomainSchema),
    defaultValues: { domainName: current?.domainName ?? '' },
    fields: FIELDS,
    submit: ({ domainName }) => save.mutateAsync({ domainId: current?.domainId, domainName }),
    onSuccess: (answer) => {
      form.reset({ domainName: answer.domain.domainName });
      toasts.show({ type: 'success', content: t('org.setting.domain.saved', { domain: answer.domain.domainName }) });
    },
    // Changing the domain says so first (spec §8 'fail modify organization domain name'), then why.
    formErrorText: (text, error) =>
      isFieldErrorOnly(error, FIELDS) ? undefined : current ? `${t('org.setting.domain.modifyFailed')}: ${text}` : text,
  });
  const isDirty = useSettingsPanel(form, onDirtyChange, { domainName: current?.domainName ?? '' });

  const typed = useWatch({ control: form.control, name: 'domainName' }).trim();
  const settled = useDebouncedValue(typed, CHECK_DELAY_MS);
  const shouldCheck = check.allowed && settled !== '' && settled.length <= 200 && settled !== current?.domainName;
  const domainCheck = useQuery({ ...domainCheckQuery(org.orgId, settled), enabled: shouldCheck });
  const isCurrent = typed === settled && shouldCheck;
  const liveError = isCurrent && domainCheck.isError ? refusalText(domainCheck.error, t) : undefined;
  const checking = shouldCheck ? typed !== settled || domainCheck.isFetching : typed !== settled && typed !== '';
  const available = isCurrent && domainCheck.isSuccess && !domainCheck.isFetching;
  const signInDomain = current?.domainName;

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="org-domain-form"
      errorTestId="org-domain-error"
      containerHeader={
        <Header variant="h2" description={t('org.setting.domain.description')}>
          {t('org.setting.domain.title')}
        </Header>
      }
      submit={{
        text: t('org.setting.domain.save'),
        testId: 'org-domain-submit',
        pending: save.isPending,
        disabled: !check.allowed || !isDirty || liveError !== undefined,
        disabledReason: check.reason,
      }}
    >
      <SpaceBetween size="s">
        <InputField
          control={form.control}
          name="domainName"
          label={t('org.setting.domain.label')}
          constraintText={
            <>
              {t('org.setting.domain.constraint')}
              <span data-testid="org-domain-status" aria-live="polite">
                {checking ? (
                  <Box variant="span" margin={{ left: 'xs' }}>
                    <StatusIndicator type="loading">{t('org.setting.domain.checking')}</StatusIndicator>
                  </Box>
                ) : available ? (
                  <Box variant="span" margin={{ left: 'xs' }}>
                    <StatusIndicator type="success">{t('org.setting.domain.available')}</StatusIndicator>
                  </Box>
                ) : null}
              </span>
            </>
          }
          placeholder={t('org.setting.domain.placeholder')}
          externalError={liveError}
          disabled={!check.allowed}
          autoComplete="off"
          testId="org-domain-input"
        />
        {signInDomain ? (
          <Box variant="small" color="text-body-secondary">
            {t('org.setting.domain.signInPage')}:{' '}
            <Box variant="code" fontSize="body-s">{`${window.location.origin}/login?domain=${signInDomain}`}</Box>
          </Box>
        ) : null}
      </SpaceBetween>
    </ServerForm>
  );
}
