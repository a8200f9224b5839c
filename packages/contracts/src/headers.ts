/** Request headers of spec §7 (lower-case, as Node and fetch see them). The web sends these. */
export const HEADERS = {
  region: 'x-region-code',
  projectId: 'x-project-id',
  fieldFilter: 'x-field-filter',
  lang: 'lang',
  cacheControl: 'cache-control',
  requestId: 'x-request-id',
} as const;

/**
 * The names spec §7 itself writes for two of them ("project-id header", "field-filter header").
 * The server reads both spellings, so a client written from the spec and the console's own web
 * are served alike; when both are sent they must agree (INVALID_PARAMETER otherwise).
 */
export const SPEC_HEADER_NAMES = {
  projectId: 'project-id',
  fieldFilter: 'field-filter',
} as const;
export type AliasedHeader = keyof typeof SPEC_HEADER_NAMES;

/** Spec §7: calls time out after 60 s. */
export const API_TIMEOUT_MS = 60_000;

/** The double-submit CSRF pair: the cookie the server sets and the header a changing call echoes it in. */
export const CSRF_COOKIE = 'csrfToken';
export const CSRF_HEADER = 'x-csrf-token';
