/** nextUrl / returnUrl without zod: the web follows one only when it is a local path (validation.ts's LocalPathSchema is these checks). */
export const LOCAL_PATH_MAX_LENGTH = 2048;

/**
 * Whether a nextUrl/returnUrl is a path inside this console ("/org/1/dashboard?x=1"), never another
 * site. Browsers drop tabs and newlines from URLs and read a backslash as a slash, so
 * "/\t/evil.example.com" or "/\\evil.example.com" would leave for another host: control characters
 * (C0, DEL, C1), whitespace and backslashes are refused outright, and what is left must resolve to
 * the console's own origin.
 */
export function isLocalPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001F\u007F-\u009F\s\\]/u.test(value)) return false;
  const base = 'http://console.invalid';
  try {
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

/** A nextUrl/returnUrl this console follows: a local path of at most LOCAL_PATH_MAX_LENGTH characters. */
export const isFollowablePath = (value: string): boolean => value.length <= LOCAL_PATH_MAX_LENGTH && isLocalPath(value);
