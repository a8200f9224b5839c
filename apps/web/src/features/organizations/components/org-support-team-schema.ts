import type { SupportTeamMember } from '@console/contracts/organizations';
import { SUPPORT_TEAM_LIMIT } from '@console/contracts/organizations-constants';
import { z } from 'zod';

/** Schemas of OrgSupportTeamForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
/** The team as the form holds it: whole members (names are shown), at most SUPPORT_TEAM_LIMIT. */
export const TeamFormSchema = z.object({ members: z.array(z.custom<SupportTeamMember>()).max(SUPPORT_TEAM_LIMIT) });
