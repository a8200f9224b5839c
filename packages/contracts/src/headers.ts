/** Request headers of spec §7 (lower-case, as Node and fetch see them). */
export const HEADERS = {
  region: 'x-region-code',
  projectId: 'x-project-id',
  fieldFilter: 'x-field-filter',
  lang: 'lang',
  cacheControl: 'cache-control',
  requestId: 'x-request-id',
} as const;

/** Spec §7: calls time out after 60 s. */
export const API_TIMEOUT_MS = 60_000;
