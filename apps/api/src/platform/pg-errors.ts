/**
 * The PostgreSQL error behind a failed query: drizzle wraps the driver's error (DrizzleQueryError,
 * with the original as `cause`), so the SQLSTATE is looked for along the cause chain.
 */
export function pgErrorOf(error: unknown): { code: string; constraint: string | undefined } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique violation (23505), optionally of one named index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = pgErrorOf(error);
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint);
}
