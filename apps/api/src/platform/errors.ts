import type { AccountRestriction, FieldError, ResultCodeKey } from '@console/contracts';
import { RESULT_CODES } from '@console/contracts';

/**
 * A refusal the caller should see: a result code of the catalogue, optional message params and
 * field errors. The error handler turns it into the spec envelope with the code's HTTP status.
 */
export class AppError extends Error {
  readonly key: ResultCodeKey;
  readonly params: Readonly<Record<string, string | number>>;
  readonly fieldErrors: readonly FieldError[] | undefined;
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(
    key: ResultCodeKey,
    options: {
      params?: Record<string, string | number>;
      fieldErrors?: FieldError[];
      /** Additional body fields of the error answer (clientIp, neededPermissions). */
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(key);
    this.name = 'AppError';
    this.key = key;
    this.params = options.params ?? {};
    this.fieldErrors = options.fieldErrors;
    this.extra = options.extra ?? {};
  }

  get statusCode(): number {
    return RESULT_CODES[this.key].status;
  }
}

/** Shorthand for a validation failure on named fields. */
export const invalidFields = (...fieldErrors: FieldError[]) => new AppError('INVALID_PARAMETER', { fieldErrors });

/** ACCOUNT_RESTRICTED: the account may not do this (a restrictType, a partner sign-up, an IAM account). */
export const restricted = (restriction: AccountRestriction) => new AppError('ACCOUNT_RESTRICTED', { extra: { restriction } });
