import type { IamMemberSort, IamMemberStatus } from '@console/contracts/iam';
import { getIamMember, getIamSelf, getPasswordSetup, listIamMembers } from '@console/contracts/refs/iam';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';

export interface IamListFilters {
  /** 1-based in the console; the API counts pages from 0. */
  readonly page: number;
  readonly size: number;
  readonly userCodeLike?: string;
  readonly nameLike?: string;
  readonly emailLike?: string;
  readonly statuses?: readonly IamMemberStatus[];
  readonly sort?: IamMemberSort;
}

export const iamKeys = {
  all: (orgId: string) => ['org', orgId, 'iam-members'] as const,
  page: (orgId: string, filters: IamListFilters) => ['org', orgId, 'iam-members', 'page', filters] as const,
  detail: (orgId: string, memberId: string) => ['org', orgId, 'iam-members', 'detail', memberId] as const,
};

/** One page of an organization's IAM accounts, filtered and paged by the server. */
export const iamMembersQuery = (orgId: string, filters: IamListFilters) =>
  queryOptions({
    queryKey: iamKeys.page(orgId, filters),
    queryFn: (context) =>
      callApi(listIamMembers, {
        params: { orgId },
        query: { ...filters, page: filters.page - 1, statuses: filters.statuses ? [...filters.statuses] : undefined },
        projectId: undefined,
        ...fromQuery(context),
      }),
    placeholderData: keepPreviousData,
  });

/** IAM_MEMBER_NOT_FOUND: the edit page says the account is gone instead of leaving for the not-found page. */
export const IAM_MEMBER_NOT_FOUND = '21008';

export const iamMemberQuery = (orgId: string, memberId: string) =>
  queryOptions({
    queryKey: iamKeys.detail(orgId, memberId),
    queryFn: (context) =>
      callApi(getIamMember, { params: { orgId, memberId }, keepErrorCodes: [IAM_MEMBER_NOT_FOUND], ...fromQuery(context) }),
    select: (data) => data.member,
  });

/** The account a password-setup link is for (public; a failure stays on the page). */
export const passwordSetupQuery = (token: string) =>
  queryOptions({
    queryKey: ['public', 'password-setup', token] as const,
    queryFn: (context) => callApi(getPasswordSetup, { params: { token }, routeErrors: false, ...fromQuery(context) }),
    select: (data) => data.passwordSetup,
    retry: false,
  });

/**
 * The signed-in IAM account's own information (/iam-information). A cloud member has no IAM
 * account (IAM_MEMBER_NOT_FOUND): the page says so instead of leaving for the not-found page.
 */
export const iamSelfQuery = () =>
  queryOptions({
    queryKey: ['me', 'iam-information'] as const,
    queryFn: (context) => callApi(getIamSelf, { keepErrorCodes: [IAM_MEMBER_NOT_FOUND], ...fromQuery(context) }),
  });
