import { inviteOrgMembers } from '@console/contracts/members';

/** Schemas of OrgMemberInviteForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const InviteSchema = inviteOrgMembers.body!;
