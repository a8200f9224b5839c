import type { FastifyRequest } from 'fastify';

/**
 * One cookie of a request, read from its Cookie header without parsing the others (issue 8: every
 * signed-in request reads the session and locale cookies, nothing else). @fastify/cookie is
 * registered with `hook: false`, so `request.cookies` is not filled per request; read cookies with
 * this. Exactly the `cookie` package's reading (which @fastify/cookie used): pairs split at `;`, the
 * name and value trimmed of spaces and tabs, a pair without `=` skipped, the FIRST pair of a name
 * wins (a browser sends the most specific path first), a value holding `%` percent-decoded when it
 * decodes. `platform/cookies.test.ts` holds the two to the same answer on arbitrary headers.
 */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header === undefined ? undefined : cookieIn(header, name);
}

export function cookieIn(header: string, name: string): string | undefined {
  const len = header.length;
  if (len < 2) return undefined;
  let index = 0;
  do {
    const eq = header.indexOf('=', index);
    if (eq === -1) return undefined;
    const semicolon = header.indexOf(';', index);
    const end = semicolon === -1 ? len : semicolon;
    if (eq > end) {
      // A pair without `=`: start again after the last `;` before the next `=`.
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (trimmed(header, index, eq) === name) return decoded(trimmed(header, eq + 1, end));
    index = end + 1;
  } while (index < len);
  return undefined;
}

/** The slice without leading and trailing spaces and tabs. */
function trimmed(text: string, start: number, end: number): string {
  while (start < end && (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9)) start++;
  while (end > start && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  return text.slice(start, end);
}

function decoded(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
