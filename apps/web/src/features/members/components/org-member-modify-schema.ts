import { updateOrgMemberRoles } from '@console/contracts/members';

/** Schemas of OrgMemberModifyForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const RolesSchema = updateOrgMemberRoles.body!;
