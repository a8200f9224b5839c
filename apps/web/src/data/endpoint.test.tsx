import { deleteProjectCredential, listProjectCredentials, listUserAccessKeys } from '@console/contracts/refs/access-keys';
import { listAuditEvents } from '@console/contracts/refs/audit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../test/http.ts';
import { endpointKey, endpointQuery, useEndpointMutation } from './endpoint.ts';

/** The key of a project's credentials read. */
const read = (projectId: string) => endpointQuery(listProjectCredentials, { params: { projectId } }).queryKey;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the data layer of a small resource (data/endpoint.ts)', () => {
  it('keys a read by the organization or project it names, so their invalidations refresh it', () => {
    expect(endpointKey(listAuditEvents, { orgId: 'o1' })).toEqual(['org', 'o1', listAuditEvents.id]);
    expect(endpointKey(listProjectCredentials, { projectId: 'p1' })).toEqual(['project', 'p1', listProjectCredentials.id]);
    expect(endpointKey(listUserAccessKeys)).toEqual(['me', listUserAccessKeys.id]);
    expect(endpointQuery(listAuditEvents, { params: { orgId: 'o1' }, query: { page: 2, limit: 20 } }).queryKey).toEqual([
      'org',
      'o1',
      listAuditEvents.id,
      { params: { orgId: 'o1' }, query: { page: 2, limit: 20 } },
    ]);
  });

  it('a change refreshes the reads it names in the same project, and no other project’s', async () => {
    const { requests } = mockFetch({ 'DELETE /api/iam/v1/projects/p1/credentials/c1': () => ok(deleteProjectCredential, {}) });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(read('p1'), { iaasApiPassword: null, s3Credential: null, renewPeriods: { userAccessKey: 90, iaasApiPassword: 90, s3Credential: 90 } });
    queryClient.setQueryData(read('p2'), { iaasApiPassword: null, s3Credential: null, renewPeriods: { userAccessKey: 90, iaasApiPassword: 90, s3Credential: 90 } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useEndpointMutation(deleteProjectCredential, { refreshes: [listProjectCredentials] }), { wrapper });

    await act(() => result.current.mutateAsync({ params: { projectId: 'p1', credentialId: 'c1' }, projectId: 'p1' }));

    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual(['DELETE /api/iam/v1/projects/p1/credentials/c1']);
    expect(queryClient.getQueryState(read('p1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(read('p2'))?.isInvalidated).toBe(false);
  });
});
