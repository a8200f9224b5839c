import type { listOrganizationInfos } from '@console/contracts/organizations';
import type { ResponseOf } from '@console/contracts/endpoint';
import type { TFunction } from 'i18next';

type OrgCreation = ResponseOf<typeof listOrganizationInfos>['orgCreation'];

/** Why the caller may not create an organization now, as a sentence; undefined when they may. */
export function creationBlockText(t: TFunction, creation: OrgCreation | undefined): string | undefined {
  if (!creation || creation.canCreate || creation.blockedBy === null) return undefined;
  if (creation.blockedBy === 'QUOTA_EXCEEDED') return t('org.create.blocked.QUOTA_EXCEEDED', { count: creation.ownedOrgCount });
  return t(`restrictions.${creation.blockedBy}`);
}
