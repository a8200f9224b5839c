import type { ParseKeys } from 'i18next';

/** Error pages by id (spec §2). `/error` without an id is the server error page. */
export const ERROR_PAGE_IDS = [
  'maintenance',
  'ip-acl',
  'country-ip-acl',
  'unpaid',
  'expired',
  'not-exist-service',
  'forbidden',
  'invalid-request',
] as const;
export type ErrorPageId = (typeof ERROR_PAGE_IDS)[number];

export const isErrorPageId = (value: string | undefined): value is ErrorPageId =>
  value !== undefined && (ERROR_PAGE_IDS as readonly string[]).includes(value);

export const ERROR_PAGE_TEXTS: Readonly<Record<ErrorPageId | 'server', { title: ParseKeys; description: ParseKeys }>> = {
  server: { title: 'errors.page.server.title', description: 'errors.page.server.description' },
  maintenance: { title: 'errors.page.maintenance.title', description: 'errors.page.maintenance.description' },
  'ip-acl': { title: 'errors.page.ipAcl.title', description: 'errors.page.ipAcl.description' },
  'country-ip-acl': { title: 'errors.page.countryIpAcl.title', description: 'errors.page.countryIpAcl.description' },
  unpaid: { title: 'errors.page.unpaid.title', description: 'errors.page.unpaid.description' },
  expired: { title: 'errors.page.expired.title', description: 'errors.page.expired.description' },
  'not-exist-service': {
    title: 'errors.page.notExistService.title',
    description: 'errors.page.notExistService.description',
  },
  forbidden: { title: 'errors.page.forbidden.title', description: 'errors.page.forbidden.description' },
  'invalid-request': {
    title: 'errors.page.invalidRequest.title',
    description: 'errors.page.invalidRequest.description',
  },
};
