/**
 * Calls whose path carries a bearer secret: an invitation's or a password-setup link's token (the
 * token alone lets its holder join an organization or set a password). The access log writes
 * these paths with the token replaced, so logs shipped elsewhere never hold a usable link.
 */
const SECRET_PATHS = [/^(\/api\/cab\/v\d+\/invitations\/)([^/?#]+)/, /^(\/api\/iam\/v\d+\/password-setup\/)([^/?#]+)/];

export function redactUrl(url: string): string {
  for (const pattern of SECRET_PATHS) {
    if (pattern.test(url)) return url.replace(pattern, '$1[redacted]');
  }
  return url;
}
