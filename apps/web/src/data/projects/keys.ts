import type { ProjectSort } from '@console/contracts/projects';

/**
 * Query keys of project data; every key of one project begins with ['project', projectId]. Lists
 * across organizations begin with ['projects'].
 */
export const projectKeys = {
  lists: () => ['projects'] as const,
  mine: (page: number, limit: number, sort: ProjectSort) => ['projects', 'mine', { page, limit, sort }] as const,
  detail: (projectId: string) => ['project', projectId] as const,
};
