import { z } from 'zod';
import { MEMBER_LIST_LIMIT } from './limits.ts';

/** What the member calls (members.ts, project-members.ts, iam.ts) share: account states and list query parameters. */

/** Account states (spec §4): normal, being invited, suspended, left. */
export const MEMBER_STATUS_CODES = ['STABLE', 'INVITED', 'BLOCKED', 'LEAVED'] as const;
export const PROJECT_MEMBER_STATUS_CODES = ['STABLE'] as const;

/** `?a=1&a=2` (spec §7: arrays as repeated keys) or `?a=1,2`; values trimmed, empty ones dropped. */
export const listQueryParam = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      value === undefined
        ? undefined
        : (Array.isArray(value) ? value : [value]).flatMap((part) => String(part).split(',')).map((part) => part.trim()).filter(Boolean),
    z.array(item).max(50).optional(),
  );
/** A "contains" search term; blank means no filter. */
export const likeQueryParam = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((value) => (value ? value : undefined));

export const MemberPagingQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MEMBER_LIST_LIMIT).default(20),
});
