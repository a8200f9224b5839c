/**
 * What the audit log keeps of a request body or a settings snapshot: secrets replaced by
 * "[redacted]" — any field whose name speaks of a password, secret, token, credential or hash,
 * whatever its depth, when it holds text or more (ids such as userAccessKeyId or tokenId, and numbers
 * such as a renewal period's iaasApiPassword days, are kept: they are not secrets).
 */
const SECRET_NAME = /(password|secret|token|credential|hash|otp|privatekey|apikey)/i;
const ID_NAME = /(Id|Ids|Type|Count|Seconds|ExpiresAt|At)$/;
export const REDACTED = '[redacted]';

export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return REDACTED;
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => redactSecrets(item, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return typeof value === 'string' && value.length > 2_000 ? `${value.slice(0, 2_000)}…` : value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const secret = SECRET_NAME.test(key) && !ID_NAME.test(key) && (typeof item === 'string' || (typeof item === 'object' && item !== null));
    out[key] = secret ? REDACTED : redactSecrets(item, depth + 1);
  }
  return out;
}
