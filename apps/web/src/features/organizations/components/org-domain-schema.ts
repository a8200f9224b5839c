import { DomainNameInputSchema } from '@console/contracts/validation';
import { z } from 'zod';

/** Schemas of OrgDomainForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const DomainSchema = z.object({ domainName: DomainNameInputSchema });
