import { IP_LIST_MAX } from '@console/contracts/governance-constants';
import { z } from 'zod';

/** Schemas of GovernanceSettingsPanel.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const PrivacySchema = z.object({ ips: z.string().max(IP_LIST_MAX * 20) });
