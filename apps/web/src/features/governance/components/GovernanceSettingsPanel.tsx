import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import type { GovernanceSetting } from '@console/contracts/governance';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { TextareaField } from '../../../shared/form/TextareaField.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useSaveGovernanceMutation } from '../../../data/governance/governance.ts';
import { ipAliases, ipsOf } from './ip-list.ts';

/** The governance types switched here; the foreign access block is the country rule's form. */
const TOGGLED = ['APPROVE_PROCESS', 'IAAS_RESOURCE_PROTECTION', 'UNIQUE_INSTANCE_NAME', 'PRIVACY_PROTECTION'] as const;


function PrivacyIpsForm({ orgId, setting, check }: { orgId: string; setting: GovernanceSetting; check: PermissionCheck }) {
  const { t } = useTranslation();
  const save = useSaveGovernanceMutation(orgId);
  const { form, formError, onSubmit, pending } = useServerForm({
    schema: () => import('./governance-privacy-schema.ts').then((module) => module.PrivacySchema),
    defaultValues: { ips: setting.ips.join('\n') },
    fields: ['ips'] as const,
    aliases: ipAliases('ips'),
    submit: ({ ips }) => save.mutateAsync({ governanceType: 'PRIVACY_PROTECTION', settingType: setting.settingType, ips: ipsOf(ips) }),
    onSuccess: (answer) => {
      form.reset({ ips: answer.governance.ips.join('\n') });
      toasts.show({ type: 'success', content: t('governance.settings.saved') });
    },
  });
  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="privacy-ips-form"
      errorTestId="privacy-ips-form-error"
      submit={{ text: t('governance.save'), testId: 'privacy-ips-save', pending: pending || save.isPending, disabled: !check.allowed || !form.formState.isDirty, disabledReason: check.reason }}
    >
      <TextareaField control={form.control} name="ips" label={t('governance.settings.privacyIps')} description={t('governance.settings.privacyIpsHint')} rows={3} disabled={!check.allowed} testId="privacy-ips" />
    </ServerForm>
  );
}

/** Approve process, IaaS resource protection and separated network, unique instance name, privacy protection: each USE or UNUSE. */
export function GovernanceSettingsPanel({ orgId, settings, check }: { orgId: string; settings: readonly GovernanceSetting[]; check: PermissionCheck }) {
  const { t } = useTranslation();
  const save = useSaveGovernanceMutation(orgId);
  const byType = new Map(settings.map((setting) => [setting.governanceType, setting]));
  const toggle = async (setting: GovernanceSetting, on: boolean) => {
    try {
      await save.mutateAsync({ governanceType: setting.governanceType, settingType: on ? 'USE' : 'UNUSE' });
      toasts.show({ type: 'success', content: t('governance.settings.saved') });
    } catch {
      // The client's error routing has shown the refusal (permission modal, error page or toast).
    }
  };
  return (
    <Container header={<Header variant="h2" description={t('governance.settings.description')}>{t('governance.settings.title')}</Header>} data-testid="governance-settings">
      <SpaceBetween size="l">
        {TOGGLED.map((type) => {
          const setting = byType.get(type);
          if (!setting) return null;
          return (
            <SpaceBetween size="xs" key={type}>
              <Toggle
                checked={setting.settingType === 'USE'}
                disabled={!check.allowed || save.isPending}
                onChange={({ detail }) => void toggle(setting, detail.checked)}
                data-testid={`governance-toggle-${type}`}
              >
                {t(`governance.settings.types.${type}.title`)}
              </Toggle>
              <Box variant="small" color="text-body-secondary">
                {t(`governance.settings.types.${type}.description`)}
              </Box>
              {type === 'UNIQUE_INSTANCE_NAME' ? (
                <Box variant="small" color="text-body-secondary" data-testid="governance-unique-names-console">
                  {t('governance.settings.uniqueNamesConsole')}
                </Box>
              ) : null}
              {type === 'PRIVACY_PROTECTION' ? <PrivacyIpsForm key={setting.ips.join(',')} orgId={orgId} setting={setting} check={check} /> : null}
            </SpaceBetween>
          );
        })}
      </SpaceBetween>
    </Container>
  );
}
