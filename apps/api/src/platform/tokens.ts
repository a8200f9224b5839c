/**
 * Secret link tokens (invitations, password setup): 256 random bits in base64url, of which only
 * the SHA-256 is stored — the same scheme as session tokens.
 */
export { hashToken, newSessionToken as newToken } from './session.ts';
