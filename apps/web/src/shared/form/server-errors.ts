import type { TFunction } from 'i18next';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/api-error.ts';
import { apiErrorMessage } from '../i18n/api-error-message.ts';

/**
 * Puts a failed call's field errors next to their fields (focusing the first) and answers the
 * form-level text for the Form's errorText. The server names fields by where they are in the
 * request (`body.projectName`, `body.org.orgName`); a form field matches its own name, the name
 * under `body.`, or what `aliases` maps a server field to.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  t: TFunction,
  aliases: Readonly<Record<string, FieldPath<T>>> = {},
): string {
  if (isApiError(error)) {
    let focus = true;
    for (const fieldError of error.fieldErrors) {
      const field =
        aliases[fieldError.field] ??
        fields.find((name) => name === fieldError.field || `body.${name}` === fieldError.field);
      if (!field) continue;
      setError(field, { type: 'server', message: fieldError.message }, { shouldFocus: focus });
      focus = false;
    }
  }
  return apiErrorMessage(error, t);
}

/** Whether a failure put every one of its messages next to a field (the form then needs no errorText). */
export function isFieldErrorOnly(error: unknown, fields: readonly string[], aliases: Readonly<Record<string, string>> = {}): boolean {
  if (!isApiError(error) || error.fieldErrors.length === 0) return false;
  return error.fieldErrors.every(
    (fieldError) =>
      fieldError.field in aliases || fields.some((name) => name === fieldError.field || `body.${name}` === fieldError.field),
  );
}
