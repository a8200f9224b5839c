/**
 * The token of a mail's link travels in the URL fragment (`#token=…`), which browsers never send
 * to a server. It is kept in sessionStorage for the way through sign-in (the login page's nextUrl
 * holds no fragment), and forgotten once used.
 */
export function readLinkToken(storageKey: string): string | undefined {
  const fromHash = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? undefined;
  try {
    if (fromHash) sessionStorage.setItem(storageKey, fromHash);
    return fromHash ?? sessionStorage.getItem(storageKey) ?? undefined;
  } catch {
    return fromHash;
  }
}

export function forgetLinkToken(storageKey: string): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // storage unavailable: nothing kept
  }
}
