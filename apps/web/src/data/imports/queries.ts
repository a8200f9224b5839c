import { callApi, fromQuery } from '../../shared/api/client.ts';
import { queryOptions } from '@tanstack/react-query';
import { projectIdOf, scopeParams, type ImportKind } from './import-kinds.ts';

/** How often a running import's state is asked for. */
export const IMPORT_POLL_MS = 1000;

/** Query keys start with the tenant: `['org', orgId, ...]` or `['project', projectId, ...]`. */
export const importKeys = {
  job: (kind: ImportKind, scopeId: string, asyncJobId: string) => [kind.scope, scopeId, 'imports', kind.type, asyncJobId] as const,
};

/** An import job's state and progress, asked again every second while it is WAIT (stops when done). */
export const importJobQuery = (kind: ImportKind, scopeId: string, asyncJobId: string) =>
  queryOptions({
    queryKey: importKeys.job(kind, scopeId, asyncJobId),
    queryFn: (context) =>
      callApi(kind.calls.job, { params: { ...scopeParams(kind, scopeId), asyncJobId } as never, projectId: projectIdOf(kind, scopeId), noCache: true, ...fromQuery(context) }),
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'WAIT' ? false : IMPORT_POLL_MS),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
