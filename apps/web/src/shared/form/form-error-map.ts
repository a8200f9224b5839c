import type { TFunction } from 'i18next';
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

/**
 * Short, field-level texts for the usual zod issues, in the active language. Issues it does not
 * know fall through to zod's own locale (switched with the console's language).
 * `patternMessages` names the text for a field whose format (regex) is wrong.
 */
export function formErrorMap(t: TFunction, patternMessages: Readonly<Record<string, string>> = {}) {
  return (issue: Issue): string | undefined => {
    const field = issue.path?.map(String).join('.') ?? '';
    switch (issue.code) {
      case 'too_small':
        if (issue.origin === 'string') {
          return Number(issue.minimum) <= 1 || issue.input === ''
            ? t('form.errors.required')
            : t('form.errors.tooShort', { min: Number(issue.minimum) });
        }
        return undefined;
      case 'too_big':
        return issue.origin === 'string' ? t('form.errors.tooLong', { max: Number(issue.maximum) }) : undefined;
      case 'invalid_format':
        if (issue.input === '') return t('form.errors.required');
        if (issue.format === 'email') return t('form.errors.invalidEmail');
        return patternMessages[field] ?? t('form.errors.invalidFormat');
      case 'invalid_type':
        return issue.input === undefined || issue.input === null ? t('form.errors.required') : undefined;
      default:
        return undefined;
    }
  };
}
