import type { AuditFilter } from '@console/contracts/audit';
import { exportAuditEvents, listAuditEvents } from '@console/contracts/refs/audit';
import { buildUrl } from '@console/contracts/endpoint';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';

/** Begins with ['org', orgId]: organization invalidations refresh it too. */
export const auditKeys = { org: (orgId: string) => ['org', orgId, 'audit'] as const };

export const auditPageQuery = (orgId: string, filter: AuditFilter, page: number, limit: number) =>
  queryOptions({
    queryKey: [...auditKeys.org(orgId), { filter, page, limit }] as const,
    queryFn: (context) => callApi(listAuditEvents, { params: { orgId }, query: { ...filter, page, limit }, ...fromQuery(context) }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The CSV export's address (a plain download: the session cookie goes with it). */
export const auditExportUrl = (orgId: string, filter: AuditFilter) => buildUrl(exportAuditEvents, { orgId }, filter);
