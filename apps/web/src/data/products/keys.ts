/** Query keys of services data: the catalogue (shared), and per project under ['project', projectId]. */
export const productKeys = {
  catalogue: (lang: string) => ['products', 'catalogue', lang] as const,
  hierarchy: (lang: string, regionCode: string | undefined) => ['products', 'hierarchy', lang, regionCode ?? ''] as const,
  orgHierarchy: (lang: string) => ['products', 'hierarchy-org', lang] as const,
  recommendations: (lang: string) => ['products', 'recommendations', lang] as const,
  inUse: (projectId: string) => ['project', projectId, 'services'] as const,
  product: (projectId: string, productId: string) => ['project', projectId, 'services', productId] as const,
  authentications: (projectId: string) => ['project', projectId, 'authentications'] as const,
  /** Organization services (spec §7 org enable) and their SaaS members, under ['org', orgId]. */
  orgServices: (orgId: string, lang: string) => ['org', orgId, 'services', 'list', lang] as const,
  orgProduct: (orgId: string, productId: string) => ['org', orgId, 'services', productId] as const,
  saasMembers: (orgId: string, productId: string) => ['org', orgId, 'services', productId, 'saas-members'] as const,
  saasMembersPage: (orgId: string, productId: string, page: number, limit: number) =>
    ['org', orgId, 'services', productId, 'saas-members', page, limit] as const,
};
