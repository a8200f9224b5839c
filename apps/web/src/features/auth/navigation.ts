import { LocalPathSchema } from '@console/contracts/validation';

/** A nextUrl/returnUrl the console may follow: a path inside the console, never another site. */
export function safeLocalPath(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return LocalPathSchema.safeParse(value).success ? value : undefined;
}
