import { OrgBodySchema } from '@console/contracts/organizations';

/** Schemas of OrgGeneralForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const RenameSchema = OrgBodySchema.shape.org;
