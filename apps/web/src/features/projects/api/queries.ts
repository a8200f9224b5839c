import { getProject } from '@console/contracts/organizations';
import { listMyProjects, type ProjectSort } from '@console/contracts/projects';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../../shared/api/client.ts';
import { projectKeys } from './keys.ts';

export const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: (context) => callApi(getProject, { params: { projectId }, projectId, ...fromQuery(context) }),
    select: (data) => data.project,
  });

/** One page of the caller's projects across organizations, paged and sorted by the server. */
export const myProjectsQuery = (page: number, limit: number, sort: ProjectSort) =>
  queryOptions({
    queryKey: projectKeys.mine(page, limit, sort),
    queryFn: (context) => callApi(listMyProjects, { query: { page, limit, sort }, ...fromQuery(context) }),
    placeholderData: keepPreviousData,
  });
