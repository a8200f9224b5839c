import { SETTING_TYPES } from '@console/contracts/governance-constants';
import { z } from 'zod';

/** Schemas of CountryRuleForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const FormSchema = z.object({ settingType: z.enum(SETTING_TYPES), countryCodeList: z.array(z.string()) });
