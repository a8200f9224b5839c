import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from '../i18n/use-translation.ts';
import type { z } from 'zod';
import { InputField } from '../form/InputField.tsx';

/** The values a new-password form holds besides its own fields. */
export interface NewPasswordValues {
  password: string;
  passwordConfirm: string;
}

/** A form schema whose `passwordConfirm` must repeat `password` (the error sits on `passwordConfirm`). */
export function withPasswordConfirm<S extends z.ZodType<NewPasswordValues>>(schema: S): S {
  return schema.refine((value) => value.password === value.passwordConfirm, {
    path: ['passwordConfirm'],
    error: 'validation.password.confirm',
  });
}

/**
 * A new password and its repetition (spec §5 password rules shown under the first), spaced as a
 * form's fields are. Test ids: `<testIdPrefix>-password` and `<testIdPrefix>-password-confirm`.
 */
export function NewPasswordFields<T extends FieldValues & NewPasswordValues>({ control, testIdPrefix }: { control: Control<T>; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="m">
      <InputField
        control={control}
        name={'password' as FieldPath<T>}
        label={t('invitation.password')}
        type="password"
        autoComplete="new-password"
        constraintText={t('invitation.passwordRules')}
        testId={`${testIdPrefix}-password`}
      />
      <InputField
        control={control}
        name={'passwordConfirm' as FieldPath<T>}
        label={t('invitation.passwordConfirm')}
        type="password"
        autoComplete="new-password"
        testId={`${testIdPrefix}-password-confirm`}
      />
    </SpaceBetween>
  );
}
