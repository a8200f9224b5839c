import { createHash, randomBytes } from 'node:crypto';

/**
 * Secret tokens (sessions, access tokens, invitations, password setup): 256 random bits in
 * base64url, of which only the SHA-256 is stored, so a copy of the tables lets no one in.
 */
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const newToken = newSessionToken;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
