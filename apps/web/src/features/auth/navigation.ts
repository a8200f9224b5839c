import { isFollowablePath } from '@console/contracts/local-path';

/** A nextUrl/returnUrl the console may follow: a path inside the console, never another site. */
export function safeLocalPath(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return isFollowablePath(value) ? value : undefined;
}
