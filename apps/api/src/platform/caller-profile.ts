import type { CallerProfile } from './context.ts';

/** The account columns a caller's profile is read from (callerMemberColumns, callerIamColumns). */
type ProfileMember = Pick<CallerProfile, 'name' | 'email' | 'mobileNumber' | 'country' | 'bizMember' | 'partnerOwner' | 'accountType' | 'restrictTypes'>;
type ProfileIam = Pick<CallerProfile, 'name' | 'email' | 'mobileNumber' | 'country'> & { userCode: string };

/** A caller's profile: an IAM account's (its user code as login id), else the cloud member's (email as login id). */
export function profileOf(member: ProfileMember | null | undefined, iam: ProfileIam | null | undefined): CallerProfile {
  if (iam) {
    return { id: iam.userCode, name: iam.name, email: iam.email, mobileNumber: iam.mobileNumber, country: iam.country, bizMember: false, partnerOwner: false, accountType: 'NONE', restrictTypes: [] };
  }
  if (!member) throw new Error('a session or token without its account');
  return {
    id: member.email,
    name: member.name,
    email: member.email,
    mobileNumber: member.mobileNumber,
    country: member.country,
    bizMember: member.bizMember,
    partnerOwner: member.partnerOwner,
    accountType: member.accountType,
    restrictTypes: member.restrictTypes,
  };
}
