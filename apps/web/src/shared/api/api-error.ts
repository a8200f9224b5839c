import type { DeniedBy, FailedCondition, PermissionRelatedRoles } from '@console/contracts/authorize';
import type { ErrorBody, FieldError } from '@console/contracts/envelope';

/** How a call failed: an answer from the server, no answer at all, or no answer in time. */
/** A built-in role that would grant what a PERMISSION_DENIED answer says is missing (`{category, roleName}`). */
export type NeededRole = NonNullable<ErrorBody['neededRoles']>[number];

/** With -6: who would grant what is missing, which condition failed, which deny took it (contracts authorize.ts). */
export interface PermissionDetails {
  readonly relatedRoles: readonly PermissionRelatedRoles[];
  readonly failedConditions: readonly FailedCondition[];
  readonly deniedBy: readonly DeniedBy[];
}

export type ApiErrorKind = 'response' | 'network' | 'timeout' | 'invalid-response';

export interface ApiErrorInit {
  readonly kind: ApiErrorKind;
  readonly httpStatus: number;
  readonly resultCode?: number | string | undefined;
  readonly message: string;
  readonly fieldErrors?: readonly FieldError[] | undefined;
  readonly requestId?: string | undefined;
  readonly clientIp?: string | undefined;
  readonly orgId?: string | undefined;
  readonly neededPermissions?: readonly string[] | undefined;
  readonly neededRoles?: readonly NeededRole[] | undefined;
  readonly restriction?: string | undefined;
  readonly permissionDetails?: PermissionDetails | undefined;
  readonly cause?: unknown;
}

/**
 * A failed API call. `resultCode` is the spec §8 code of the envelope (absent when the server never
 * answered); `httpStatus` is 0 for network errors and timeouts.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly httpStatus: number;
  readonly resultCode: number | string | undefined;
  readonly fieldErrors: readonly FieldError[];
  readonly requestId: string | undefined;
  readonly clientIp: string | undefined;
  /** With IP_NOT_ALLOWED / COUNTRY_NOT_PERMITTED / BILLING_COUNTRY_IP_NOT_ALLOWED: the organization whose network rules refused the call. */
  readonly orgId: string | undefined;
  readonly neededPermissions: readonly string[];
  /** With -6: the built-in roles that would grant every missing permission, the narrowest first. */
  readonly neededRoles: readonly NeededRole[];
  /** With 20005: what keeps the account from the action (a restrictType, PARTNER_ACCOUNT, IAM_ACCOUNT). */
  readonly restriction: string | undefined;
  /** With -6: related roles, failed conditions and denies, when the server sent them. */
  readonly permissionDetails: PermissionDetails | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.httpStatus = init.httpStatus;
    this.resultCode = init.resultCode;
    this.fieldErrors = init.fieldErrors ?? [];
    this.requestId = init.requestId;
    this.clientIp = init.clientIp;
    this.orgId = init.orgId;
    this.neededPermissions = init.neededPermissions ?? [];
    this.neededRoles = init.neededRoles ?? [];
    this.restriction = init.restriction;
    this.permissionDetails = init.permissionDetails;
  }

  /** The result code as a string, so numeric and string codes ('-6', -6) compare alike. */
  get code(): string | undefined {
    return this.resultCode === undefined ? undefined : String(this.resultCode);
  }

  static fromBody(
    httpStatus: number,
    body: ErrorBody,
    fallbackRequestId?: string | null,
    permissionDetails?: PermissionDetails,
  ): ApiError {
    return new ApiError({
      kind: 'response',
      httpStatus,
      resultCode: body.header.resultCode,
      message: body.header.resultMessage,
      fieldErrors: body.fieldErrors,
      requestId: body.requestId ?? fallbackRequestId ?? undefined,
      clientIp: body.clientIp,
      orgId: body.orgId,
      neededPermissions: body.neededPermissions,
      neededRoles: body.neededRoles,
      restriction: body.restriction,
      permissionDetails,
    });
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
