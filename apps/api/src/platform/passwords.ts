import { hash } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum). */
export const hashPassword = (password: string) => hash(password);
