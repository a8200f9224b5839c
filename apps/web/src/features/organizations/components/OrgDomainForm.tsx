import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { Organization } from '@console/contracts/organizations';
import { DomainNameInputSchema } from '@console/contracts/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error.ts';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { applyServerErrors, isFieldErrorOnly } from '../../../shared/form/server-errors.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useSaveOrgDomainMutation } from '../api/mutations.ts';
import { domainCheckQuery } from '../api/queries.ts';

const DomainSchema = z.object({ domainName: DomainNameInputSchema });
const FIELDS = ['domainName'] as const;
/** How long typing must pause before the server checks the domain. */
const CHECK_DELAY_MS = 400;

/** The text of a refused check: the field message the server gave (22010, 22011, 22012), else the code's text. */
function refusalText(error: unknown, t: Parameters<typeof apiErrorMessage>[1]): string {
  if (isApiError(error)) {
    const fieldError = error.fieldErrors.find((item) => item.field === 'body.domainName');
    if (fieldError) return fieldError.message;
  }
  return apiErrorMessage(error, t);
}

/**
 * Organization management, Domain: the IAM sign-in domain. While the user types, the server
 * checks the domain (POST domains/validation: rule 22011, prohibited word 22010, in use 22012)
 * and the answer shows next to the field; saving adds the domain or changes it.
 */
export function OrgDomainForm({
  org,
  check,
  onDirtyChange,
}: {
  org: Organization;
  check: PermissionCheck;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const current = org.orgDomainList[0];
  const save = useSaveOrgDomainMutation(org.orgId);
  const form = useForm({
    resolver: zodResolver(DomainSchema, { error: formErrorMap(t) }),
    mode: 'onTouched',
    defaultValues: { domainName: current?.domainName ?? '' },
  });
  const isDirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => {
    if (!form.formState.isDirty) form.reset({ domainName: current?.domainName ?? '' });
  }, [current?.domainName, form]);

  const typed = useWatch({ control: form.control, name: 'domainName' }).trim();
  const settled = useDebouncedValue(typed, CHECK_DELAY_MS);
  const shouldCheck = check.allowed && settled !== '' && settled.length <= 200 && settled !== current?.domainName;
  const domainCheck = useQuery({ ...domainCheckQuery(org.orgId, settled), enabled: shouldCheck });
  const isCurrent = typed === settled && shouldCheck;
  const liveError = isCurrent && domainCheck.isError ? refusalText(domainCheck.error, t) : undefined;
  const checking = shouldCheck ? typed !== settled || domainCheck.isFetching : typed !== settled && typed !== '';
  const available = isCurrent && domainCheck.isSuccess && !domainCheck.isFetching;
  const signInDomain = current?.domainName;

  const onSubmit = form.handleSubmit(async ({ domainName }) => {
    setFormError(undefined);
    try {
      const answer = await progress.track(save.mutateAsync({ domainId: current?.domainId, domainName }));
      form.reset({ domainName: answer.domain.domainName });
      toasts.show({ type: 'success', content: t('org.setting.domain.saved', { domain: answer.domain.domainName }) });
    } catch (error) {
      const text = applyServerErrors(error, form.setError, FIELDS, t);
      // Changing the domain says so first (spec §8 'fail modify organization domain name'), then why.
      if (!isFieldErrorOnly(error, FIELDS)) setFormError(current ? `${t('org.setting.domain.modifyFailed')}: ${text}` : text);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="org-domain-form">
      <Container
        header={
          <Header variant="h2" description={t('org.setting.domain.description')}>
            {t('org.setting.domain.title')}
          </Header>
        }
      >
        <Form
          errorText={formError ? <span data-testid="org-domain-error">{formError}</span> : undefined}
          actions={
            <Button
              variant="primary"
              formAction="submit"
              loading={save.isPending}
              disabled={!check.allowed || !isDirty || save.isPending || liveError !== undefined}
              disabledReason={check.reason}
              nativeButtonAttributes={{ 'data-testid': 'org-domain-submit' }}
            >
              {t('org.setting.domain.save')}
            </Button>
          }
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
        </Form>
      </Container>
    </form>
  );
}
