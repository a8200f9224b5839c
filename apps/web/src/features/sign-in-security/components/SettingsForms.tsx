import Header from '@cloudscape-design/components/header';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { LoginFailSetting, MfaSetting, SessionSetting } from '@console/contracts/sign-in-security';
import type { PasswordPolicyValue } from '@console/contracts/sign-in-steps';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ControlledField } from '../../../shared/form/ControlledField.tsx';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { TextareaField } from '../../../shared/form/TextareaField.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { askSignInLockout, useUpdateLoginFail, useUpdateMfa, useUpdatePasswordRule, useUpdateSessionSetting } from '../../../data/sign-in-security/api.ts';
import type { BodyOf } from '@console/contracts/endpoint';
import type { previewSignInLockout } from '@console/contracts/sign-in-security';
import type { ReactNode } from 'react';
import { CheckboxField } from './CheckboxField.tsx';
import { confirmSignInLockout, SIGN_IN_LOCKOUT_CANCELLED } from './sign-in-lockout-flow.tsx';

/** A number field's text as the API takes it: blank is "missing" (the server says it is required). */
const toNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

type SettingsName = 'loginFail' | 'policy' | 'mfa' | 'session';
const TEST_IDS: Record<SettingsName, string> = { loginFail: 'login-fail', policy: 'password-policy', mfa: 'mfa', session: 'session-setting' };

/** The one frame of the four settings forms: a panel with its title, the form error and Save. */
function SettingsFrame({ name, onSubmit, formError, check, pending, children }: {
  name: SettingsName;
  onSubmit: Parameters<typeof ServerForm>[0]['onSubmit'];
  formError: Parameters<typeof ServerForm>[0]['formError'];
  check: PermissionCheck;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = TEST_IDS[name];
  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId={`${id}-form`}
      errorTestId={`${id}-form-error`}
      containerHeader={<Header variant="h2" description={t(`signInSecurity.${name}.description`)}>{t(`signInSecurity.${name}.title`)}</Header>}
      submit={{ text: t('signInSecurity.save'), testId: `${id}-save`, pending, disabled: !check.allowed, disabledReason: check.reason }}
    >
      <SpaceBetween size="m">{children}</SpaceBetween>
    </ServerForm>
  );
}

/**
 * The lockout-safe save of a two-step or session rule: who it affects is asked first and shown
 * for confirmation. A proposal the server refuses to preview (a bad value) goes on to the save,
 * whose refusal shows next to the field.
 */
async function confirmedLockout(orgId: string, body: BodyOf<typeof previewSignInLockout>, header: string): Promise<string | undefined> {
  let preview;
  try {
    preview = await askSignInLockout(orgId, body);
  } catch {
    return undefined;
  }
  return confirmSignInLockout(preview, header);
}

// ---- login failure ----

export function LoginFailForm({ orgId, value, check }: { orgId: string; value: LoginFailSetting; check: PermissionCheck }) {
  const { t } = useTranslation();
  const save = useUpdateLoginFail(orgId);
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./settings-forms-schema.ts').then((module) => module.LoginFailSchema),
    defaultValues: { enable: value.enable, loginFailCount: String(value.loginFailCount), blockMinutes: String(value.blockMinutes) },
    fields: ['enable', 'loginFailCount', 'blockMinutes'] as const,
    submit: (values) => save.mutateAsync({ enable: values.enable, loginFailCount: toNumber(values.loginFailCount), blockMinutes: toNumber(values.blockMinutes) }),
    onSuccess: () => {
      toasts.show({ type: 'success', content: t('signInSecurity.saved') });
    },
  });
  return (
    <SettingsFrame name="loginFail" onSubmit={onSubmit} formError={formError} check={check} pending={save.isPending}>
        <CheckboxField control={form.control} name="enable" text={t('signInSecurity.loginFail.enable')} disabled={!check.allowed} testId="login-fail-enable" />
        <InputField control={form.control} name="loginFailCount" type="number" inputMode="numeric" label={t('signInSecurity.loginFail.count')} constraintText={t('signInSecurity.loginFail.countHint')} disabled={!check.allowed} testId="login-fail-count" />
        <InputField control={form.control} name="blockMinutes" type="number" inputMode="numeric" label={t('signInSecurity.loginFail.block')} constraintText={t('signInSecurity.loginFail.blockHint')} disabled={!check.allowed} testId="login-fail-block" />
    </SettingsFrame>
  );
}

// ---- password policy ----
const POLICY_ALIASES = {
  'body.value.passwordConstraints.minLength': 'minLength',
  'body.value.passwordExpiry.days': 'expiryDays',
  'body.value.limitPasswordReuse.count': 'reuseCount',
} as const;

export function PasswordPolicyForm({ orgId, value, check }: { orgId: string; value: PasswordPolicyValue; check: PermissionCheck }) {
  const { t } = useTranslation();
  const save = useUpdatePasswordRule(orgId);
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./settings-forms-schema.ts').then((module) => module.PolicySchema),
    defaultValues: {
      custom: value.passwordPolicyType === 'custom',
      minLength: String(value.passwordConstraints.minLength),
      alphabet: value.passwordConstraints.alphabet,
      number: value.passwordConstraints.number,
      special: value.passwordConstraints.special,
      noIllegalSequence: value.passwordConstraints.noIllegalSequence,
      expiryEnable: value.passwordExpiry.enable,
      expiryDays: String(value.passwordExpiry.days),
      reuseEnable: value.limitPasswordReuse.enable,
      reuseCount: String(value.limitPasswordReuse.count),
      applicationRuleType: value.applicationRuleType,
    },
    fields: ['minLength', 'expiryDays', 'reuseCount'] as const,
    aliases: POLICY_ALIASES,
    submit: (values) =>
      save.mutateAsync({
        schemaVersion: 1,
        value: {
          passwordPolicyType: values.custom ? 'custom' : 'default',
          passwordConstraints: { minLength: toNumber(values.minLength), alphabet: values.alphabet, number: values.number, special: values.special, noIllegalSequence: values.noIllegalSequence },
          passwordExpiry: { enable: values.expiryEnable, days: toNumber(values.expiryDays) },
          limitPasswordReuse: { enable: values.reuseEnable, count: toNumber(values.reuseCount) },
          applicationRuleType: values.applicationRuleType,
        },
      }),
    onSuccess: () => {
      toasts.show({ type: 'success', content: t('signInSecurity.saved') });
    },
  });
  const custom = form.watch('custom');
  const disabled = !check.allowed || !custom;
  return (
    <SettingsFrame name="policy" onSubmit={onSubmit} formError={formError} check={check} pending={save.isPending}>
        <ControlledField
          control={form.control}
          name="custom"
          label={t('signInSecurity.policy.type')}
          render={({ field }) => (
            <RadioGroup
              value={field.value ? 'custom' : 'default'}
              onChange={({ detail }) => field.onChange(detail.value === 'custom')}
              items={[
                { value: 'default', label: t('signInSecurity.policy.default'), description: t('signInSecurity.policy.defaultDescription'), disabled: !check.allowed },
                { value: 'custom', label: t('signInSecurity.policy.custom'), disabled: !check.allowed },
              ]}
              data-testid="password-policy-type"
            />
          )}
        />
        <InputField control={form.control} name="minLength" type="number" inputMode="numeric" label={t('signInSecurity.policy.minLength')} constraintText={t('signInSecurity.policy.minLengthHint')} disabled={disabled} testId="password-policy-min-length" />
        <CheckboxField control={form.control} name="alphabet" text={t('signInSecurity.rules.alphabet')} disabled={disabled} />
        <CheckboxField control={form.control} name="number" text={t('signInSecurity.rules.number')} disabled={disabled} />
        <CheckboxField control={form.control} name="special" text={t('signInSecurity.rules.special')} disabled={disabled} />
        <CheckboxField control={form.control} name="noIllegalSequence" text={t('signInSecurity.rules.sequence')} disabled={disabled} />
        <CheckboxField control={form.control} name="expiryEnable" text={t('signInSecurity.policy.expiry')} disabled={disabled} />
        <InputField control={form.control} name="expiryDays" type="number" inputMode="numeric" label={t('signInSecurity.policy.expiryDays')} constraintText={t('signInSecurity.policy.expiryHint')} disabled={disabled} testId="password-policy-expiry" />
        <CheckboxField control={form.control} name="reuseEnable" text={t('signInSecurity.policy.reuse')} disabled={disabled} />
        <InputField control={form.control} name="reuseCount" type="number" inputMode="numeric" label={t('signInSecurity.policy.reuseCount')} constraintText={t('signInSecurity.policy.reuseHint')} disabled={disabled} testId="password-policy-reuse" />
        <ControlledField
          control={form.control}
          name="applicationRuleType"
          label={t('signInSecurity.policy.apply')}
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onChange={({ detail }) => field.onChange(detail.value)}
              items={[
                { value: 'onLogin', label: t('signInSecurity.policy.onLogin'), disabled },
                { value: 'onChangePassword', label: t('signInSecurity.policy.onChangePassword'), disabled },
              ]}
            />
          )}
        />
    </SettingsFrame>
  );
}

// ---- two-step verification ----
const IP_ALIASES: Record<string, 'ipList'> = Object.fromEntries([['body.bypassByIp.ipList', 'ipList'], ...Array.from({ length: 100 }, (_, index) => [`body.bypassByIp.ipList.${index}`, 'ipList'])]);
const linesOf = (text: string) => text.split(/[\n,]/).map((line) => line.trim()).filter((line) => line !== '');

export function MfaForm({ orgId, value, check }: { orgId: string; value: MfaSetting; check: PermissionCheck }) {
  const { t } = useTranslation();
  const save = useUpdateMfa(orgId);
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./settings-forms-schema.ts').then((module) => module.MfaSchema),
    defaultValues: { type: value.type, bypassEnable: value.bypassByIp.enable, ipList: value.bypassByIp.ipList.join('\n') },
    fields: ['type', 'ipList'] as const,
    aliases: IP_ALIASES,
    handleError: (error) => error === SIGN_IN_LOCKOUT_CANCELLED,
    submit: async (values) => {
      const body = { type: values.type, bypassByIp: { enable: values.bypassEnable, ipList: linesOf(values.ipList) } };
      await confirmedLockout(orgId, { rule: 'MFA', ...body }, t('signInSecurity.lockout.title'));
      return save.mutateAsync(body);
    },
    onSuccess: () => {
      toasts.show({ type: 'success', content: t('signInSecurity.saved') });
    },
  });
  return (
    <SettingsFrame name="mfa" onSubmit={onSubmit} formError={formError} check={check} pending={save.isPending}>
        <ControlledField
          control={form.control}
          name="type"
          label={t('signInSecurity.mfa.type')}
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onChange={({ detail }) => field.onChange(detail.value)}
              items={(['NONE', 'TOTP', 'EMAIL'] as const).map((type) => ({ value: type, label: t(`signInSecurity.mfa.types.${type}`), disabled: !check.allowed }))}
              data-testid="mfa-type"
            />
          )}
        />
        <CheckboxField control={form.control} name="bypassEnable" text={t('signInSecurity.mfa.bypass')} disabled={!check.allowed} testId="mfa-bypass" />
        <TextareaField control={form.control} name="ipList" label={t('signInSecurity.mfa.ipList')} constraintText={t('signInSecurity.mfa.ipListHint')} disabled={!check.allowed} />
    </SettingsFrame>
  );
}

// ---- sessions ----

export function SessionSettingForm({ orgId, value, check }: { orgId: string; value: SessionSetting; check: PermissionCheck }) {
  const { t } = useTranslation();
  const save = useUpdateSessionSetting(orgId);
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./settings-forms-schema.ts').then((module) => module.SessionSchema),
    defaultValues: { multiSessionsLimit: String(value.multiSessionsLimit), sessionTimeoutMinutes: String(value.sessionTimeoutMinutes) },
    fields: ['multiSessionsLimit', 'sessionTimeoutMinutes'] as const,
    handleError: (error) => error === SIGN_IN_LOCKOUT_CANCELLED,
    submit: async (values) => {
      const limit = toNumber(values.multiSessionsLimit);
      const timeout = toNumber(values.sessionTimeoutMinutes);
      const typed =
        limit === null || timeout === null || !Number.isInteger(limit) || !Number.isInteger(timeout)
          ? undefined
          : await confirmedLockout(orgId, { rule: 'SESSION', multiSessionsLimit: limit, sessionTimeoutMinutes: timeout }, t('signInSecurity.lockout.title'));
      return save.mutateAsync({ multiSessionsLimit: limit, sessionTimeoutMinutes: timeout, ...(typed ? { confirmLockout: typed } : {}) });
    },
    onSuccess: () => {
      toasts.show({ type: 'success', content: t('signInSecurity.saved') });
    },
  });
  return (
    <SettingsFrame name="session" onSubmit={onSubmit} formError={formError} check={check} pending={save.isPending}>
        <InputField control={form.control} name="multiSessionsLimit" type="number" inputMode="numeric" label={t('signInSecurity.session.limit')} constraintText={t('signInSecurity.session.limitHint')} disabled={!check.allowed} testId="session-limit" />
        <InputField control={form.control} name="sessionTimeoutMinutes" type="number" inputMode="numeric" label={t('signInSecurity.session.timeout')} constraintText={t('signInSecurity.session.timeoutHint')} disabled={!check.allowed} testId="session-timeout" />
    </SettingsFrame>
  );
}
