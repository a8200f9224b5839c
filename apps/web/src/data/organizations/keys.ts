/**
 * Query keys of organization data. Every key of one organization begins with ['org', orgId], so
 * invalidating that prefix refreshes all of it; lists across organizations begin with ['orgs'].
 */
export const orgKeys = {
  lists: () => ['orgs'] as const,
  list: () => ['orgs', 'list'] as const,
  infos: () => ['orgs', 'infos'] as const,
  detail: (orgId: string) => ['org', orgId] as const,
  projects: (orgId: string) => ['org', orgId, 'projects'] as const,
  projectsPage: (orgId: string, page: number, limit: number, sort: string) =>
    ['org', orgId, 'projects', 'page', { page, limit, sort }] as const,
  regions: (orgId: string) => ['org', orgId, 'regions'] as const,
  domainCheck: (orgId: string, domainName: string) => ['org', orgId, 'domain-check', domainName] as const,
};
