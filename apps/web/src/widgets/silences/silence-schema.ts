import { z } from 'zod';

/** Schemas of SilenceModal.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
/** A silence for the next N minutes (at most 7 days), with its reason. */
export const SilenceFormSchema = z.object({
  durationMinutes: z.coerce.number().int().min(1).max(7 * 24 * 60),
  reason: z.string().trim().min(1, { error: 'validation.silence.reasonRequired' }).max(200),
});
