import { z } from 'zod';

/** Schemas of OrgTimeZoneForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
/** The zone is checked by the server (it knows which zones it supports); the form asks for one. */
export const TimeZoneFormSchema = z.object({ timeZone: z.string().min(1) });
