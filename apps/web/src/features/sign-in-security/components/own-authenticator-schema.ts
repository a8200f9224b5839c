import { z } from 'zod';

/** Schemas of OwnAuthenticator.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const CodeText = z.string().trim().max(6);
export const StartSchema = z.object({ currentCode: CodeText });
