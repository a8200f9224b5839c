import Box from '@cloudscape-design/components/box';
import type { PasswordPolicyValue } from '@console/contracts/sign-in-steps';
import { useTranslation } from '../i18n/use-translation.ts';

/** The rules a new password must follow under a password policy (shown above a password form). */
export function PasswordPolicyRules({ policy, testId }: { policy: PasswordPolicyValue; testId?: string }) {
  const { t } = useTranslation();
  const rules = policy.passwordConstraints;
  const all: (string | null)[] = [
    t('signInSecurity.rules.length', { min: rules.minLength }),
    rules.alphabet ? t('signInSecurity.rules.alphabet') : null,
    rules.number ? t('signInSecurity.rules.number') : null,
    rules.special ? t('signInSecurity.rules.special') : null,
    rules.noIllegalSequence ? t('signInSecurity.rules.sequence') : null,
    policy.limitPasswordReuse.enable ? t('signInSecurity.rules.reuse', { count: policy.limitPasswordReuse.count }) : t('signInSecurity.rules.reuseCurrent'),
  ];
  const items = all.filter((item): item is string => item !== null);
  return (
    <Box variant="div" data-testid={testId}>
      <Box variant="small">{t('signInSecurity.rules.title')}</Box>
      <ul>
        {items.map((item) => (
          <li key={item}>
            <Box variant="small">{item}</Box>
          </li>
        ))}
      </ul>
    </Box>
  );
}
