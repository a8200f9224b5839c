import { enableOrgProduct } from '@console/contracts/products';
import { z } from 'zod';

/** Schemas of EnableOrgServiceForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const Schema = z.object({
  saasOwnerUuid: z.string().min(1, { error: 'validation.required', abort: true }).pipe(enableOrgProduct.body!.shape.saasOwnerUuid),
});
