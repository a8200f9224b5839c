import { getProject } from '@console/contracts/refs/projects';
import type { ProjectSort } from '@console/contracts/projects';
import { listMyProjects } from '@console/contracts/refs/projects';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';
import { projectKeys } from './keys.ts';

/**
 * PROJECT_NOT_EXIST and CANNOT_ACCESS: a project the caller cannot see. The project's pages say
 * "No permission for this project" where the user is (spec §8: the project permission page)
 * instead of sending them home.
 */
export const PROJECT_UNAVAILABLE_CODES: readonly string[] = ['40017', '-4'];

export const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: (context) =>
      callApi(getProject, { params: { projectId }, projectId, keepErrorCodes: PROJECT_UNAVAILABLE_CODES, ...fromQuery(context) }),
    select: (data) => data.project,
  });

/** One page of the caller's projects across organizations, paged and sorted by the server. */
export const myProjectsQuery = (page: number, limit: number, sort: ProjectSort) =>
  queryOptions({
    queryKey: projectKeys.mine(page, limit, sort),
    queryFn: (context) => callApi(listMyProjects, { query: { page, limit, sort }, ...fromQuery(context) }),
    placeholderData: keepPreviousData,
  });
