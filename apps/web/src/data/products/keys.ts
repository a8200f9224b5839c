/** Query keys of services data: the catalogue (shared), and per project under ['project', projectId]. */
export const productKeys = {
  catalogue: (lang: string) => ['products', 'catalogue', lang] as const,
  hierarchy: (lang: string, regionCode: string | undefined) => ['products', 'hierarchy', lang, regionCode ?? ''] as const,
  recommendations: (lang: string) => ['products', 'recommendations', lang] as const,
  inUse: (projectId: string) => ['project', projectId, 'services'] as const,
  product: (projectId: string, productId: string) => ['project', projectId, 'services', productId] as const,
  authentications: (projectId: string) => ['project', projectId, 'authentications'] as const,
};
