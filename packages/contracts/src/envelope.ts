import { z } from 'zod';

/** The header every answer carries (spec §7). */
export const HeaderSchema = z.object({
  isSuccessful: z.boolean(),
  resultCode: z.union([z.number().int(), z.string()]),
  resultMessage: z.string(),
});
export type Header = z.infer<typeof HeaderSchema>;

export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** Failure answers add the offending fields (validation) and a request id to quote to support. */
export const ErrorBodySchema = z.object({
  header: HeaderSchema,
  fieldErrors: z.array(FieldErrorSchema).optional(),
  requestId: z.string().optional(),
  clientIp: z.string().optional(),
  /** With IP_NOT_ALLOWED / COUNTRY_NOT_PERMITTED / BILLING_COUNTRY_IP_NOT_ALLOWED: the organization whose network rules refused the call (its OWNER may use break-glass). */
  orgId: z.string().optional(),
  neededPermissions: z.array(z.string()).optional(),
  /** With PERMISSION_DENIED: the built-in roles that would grant every missing permission, the narrowest first. */
  neededRoles: z.array(z.object({ category: z.string(), roleName: z.string() })).optional(),
  /** With ACCOUNT_RESTRICTED: what keeps the account from the action (a restrictType, PARTNER_ACCOUNT, IAM_ACCOUNT). */
  restriction: z.string().optional(),
  /** With an enable refusal that comes from the product's enableRestrictionCode: which one. */
  restrictionCode: z.string().optional(),
  /** With DEPENDENT_SERVICES_ENABLED: the services to disable first. */
  dependentProductIds: z.array(z.string()).optional(),
  /** With a "resources remain" refusal: the service, for 'Failed to disable the {productName} service.'. */
  productName: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The whole answer of an endpoint whose body fields are `T`. */
export const envelopeOf = <T extends z.ZodRawShape>(body: z.ZodObject<T>) =>
  z.object({ header: HeaderSchema, ...body.shape });

export const PagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
});

export const PagingSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalCount: z.number().int(),
});
