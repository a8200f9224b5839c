import { IP_ACL_SELECTIONS, IP_LIST_MAX } from '@console/contracts/governance-constants';
import { IP_ACL_TYPE_CODES } from '@console/contracts/organizations-constants';
import { z } from 'zod';

/** Schemas of IpAclForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const FormSchema = z.object({
  ipAclTypeCode: z.enum(IP_ACL_TYPE_CODES),
  ipAclSelection: z.enum(IP_ACL_SELECTIONS),
  ips: z.string().max(IP_LIST_MAX * 20),
});
