import { z } from 'zod';

/** Shapes the products contracts share (not exported from the package). */
export const ProductIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);
export const ProductIdParams = z.object({ productId: ProductIdSchema });
export const RegionCodeSchema = z.string().regex(/^[A-Z0-9]{2,10}$/);
/** Arrays arrive as repeated keys (spec §7): one value is a string, several an array. */
export const repeated = <T extends z.ZodType>(item: T) => z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item).max(100));
export const ProjectProductParams = z.object({ projectId: z.string().uuid(), productId: ProductIdSchema });
export const OrgProductParams = z.object({ orgId: z.string().uuid(), productId: ProductIdSchema });
