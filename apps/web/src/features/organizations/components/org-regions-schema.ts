import { HIDDEN_REGION, REGION_CODES } from '@console/contracts/regions';
import { z } from 'zod';

/** Schemas of OrgRegionsForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
/** At least one region besides GLOBAL (the server's rule, with its message key). */
export const RegionsSchema = z.object({
  regionCodeList: z
    .array(z.enum(REGION_CODES))
    .refine((codes) => codes.some((code) => code !== HIDDEN_REGION), { error: 'validation.regions.nonGlobalRequired' }),
});
