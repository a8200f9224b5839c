import Alert from '@cloudscape-design/components/alert';
import { useTranslation } from '../i18n/use-translation.ts';
import { RouterButton } from './RouterButton.tsx';

export interface MissingParameterProps {
  /** The query parameter the page needs, as it is written in the address (`memberId`). */
  readonly parameter: string;
  /** What the parameter names, for the sentence ("the member to change"). */
  readonly thing: string;
  /** Where the page is normally opened from, and the text of the link back there. */
  readonly backHref: string;
  readonly backText: string;
  /** The address has the parameter, but its value cannot be one (`?memberId=abc`). */
  readonly invalid?: boolean;
  readonly testId?: string;
}

/**
 * A page opened without the parameter it needs (…/member/iam/modify without `?memberId=`): it says
 * what is missing and links back to where such pages are opened from, instead of waiting for a
 * request it never sends.
 */
export function MissingParameter({ parameter, thing, backHref, backText, invalid = false, testId }: MissingParameterProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      header={invalid ? t('common.missingParameter.invalidTitle') : t('common.missingParameter.title')}
      data-testid={testId ?? 'missing-parameter'}
      action={
        <RouterButton href={backHref} data-testid="missing-parameter-back">
          {backText}
        </RouterButton>
      }
    >
      {invalid
        ? t('common.missingParameter.invalid', { thing, parameter })
        : t('common.missingParameter.missing', { thing, parameter })}
    </Alert>
  );
}
