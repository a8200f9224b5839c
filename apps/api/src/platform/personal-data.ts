import { maskEmail, maskIamAccountLabel, maskName, maskPhone, maskUserCode, type PermissionName } from '@console/contracts';
import { grantOf, type Caller, type RequestContext } from './context.ts';
import type { PolicyView } from './policy/engine.ts';

export type PersonKind = 'TOAST_CLOUD' | 'IAM';

/**
 * Someone an answer names: a cloud member or an IAM account, by id when known, or by the email an
 * invitation was sent to.
 */
export interface PersonRef {
  readonly kind: PersonKind;
  readonly id?: string | null;
  readonly email?: string | null;
}

/** The permission to list the members of a scope, per kind of person (spec §6). */
const LIST_PERMISSION: Record<PersonKind, readonly PermissionName[]> = {
  TOAST_CLOUD: ['Organization.Member.List', 'Project.Member.List'],
  IAM: ['Organization.Member.Iam.List', 'Project.Member.Iam.List'],
};

/**
 * Whose personal data (email, phone, name, IAM ID) an answer carries in plain, and the values as
 * the caller may see them: plain for the person themselves and for callers who may list that
 * kind of member where the answer is about (the engine's view of the organization or project:
 * Organization.Member.List or Project.Member.List, the Iam variants for IAM accounts), else masked
 * (contracts personal-data.ts). The one rule every answer naming other people goes through.
 */
export interface Disclosure {
  /** Whether the caller sees this person's data in plain. */
  plain(person: PersonRef): boolean;
  /** Whether the caller sees every person's data of both kinds in plain (nothing to mask). */
  readonly all: boolean;
  /** The kinds of person whose data the caller sees in plain for everyone of the kind. */
  readonly plainKinds: readonly PersonKind[];
  email(value: string, person: PersonRef): string;
  name(value: string, person: PersonRef): string;
  userCode(value: string, person: PersonRef): string;
  phone(value: string | null, person: PersonRef): string | null;
  /** An IAM account as the activity feed names it, `Name (iam.id)`. */
  iamLabel(value: string, person: PersonRef): string;
}

/** Whether an answer about `person` is about the caller themselves. */
export function isCallerSelf(caller: Caller, person: PersonRef): boolean {
  if (person.id && person.kind === caller.memberType && person.id === caller.uuid) return true;
  // An invitation names a cloud member by email.
  return Boolean(person.email && caller.memberType === 'TOAST_CLOUD' && person.email.toLowerCase() === caller.profile.email.toLowerCase());
}

/**
 * The disclosure for a caller in one scope. `views` are the engine's views that may grant the
 * list permission (the route's grant, and where the answer is about a project, the caller's view
 * there); `also` names permissions that show personal data too (Organization.Support.Update: who
 * manages the support team chooses its members by name and email).
 */
export function disclosureOf(caller: Caller, views: readonly Pick<PolicyView, 'has'>[], also: readonly PermissionName[] = []): Disclosure {
  const lists = (kind: PersonKind) => views.some((view) => LIST_PERMISSION[kind].some((permission) => view.has(permission)) || also.some((permission) => view.has(permission)));
  // Privacy protection (governance): from an address not on its list, only one's own data is plain.
  const protectedHere = caller.privacyProtected === true;
  const cloud = !protectedHere && lists('TOAST_CLOUD');
  const iam = !protectedHere && lists('IAM');
  const plain = (person: PersonRef) => (person.kind === 'IAM' ? iam : cloud) || isCallerSelf(caller, person);
  return {
    plain,
    all: cloud && iam,
    plainKinds: [...(cloud ? (['TOAST_CLOUD'] as const) : []), ...(iam ? (['IAM'] as const) : [])],
    email: (value, person) => (plain(person) ? value : maskEmail(value)),
    name: (value, person) => (plain(person) ? value : maskName(value)),
    userCode: (value, person) => (plain(person) ? value : maskUserCode(value)),
    phone: (value, person) => (value === null || plain(person) ? value : maskPhone(value)),
    iamLabel: (value, person) => (plain(person) ? value : maskIamAccountLabel(value)),
  };
}

/**
 * Whom a search over people's personal data (emailLike, nameLike, userCodeLike, an exact IAM ID, a
 * keyword) may match: every person of a kind the caller sees in plain, and the caller themselves.
 * A row the answer masks is never matched on its real values — else a caller outside the privacy
 * protection list (or without the list permission) could probe addresses, names and IAM IDs one
 * search at a time, however the rows are masked (docs/decisions.md "Searching masked personal data").
 */
export interface SearchReach {
  /** The kinds whose every person a search may match. */
  readonly kinds: readonly PersonKind[];
  /** The caller, whose own record a search may always match (an invitation names them by email). */
  readonly self: { readonly kind: PersonKind; readonly id: string; readonly email: string };
}

export function searchReachOf(ctx: RequestContext, disclosure: Disclosure): SearchReach {
  const caller = ctx.caller;
  if (!caller) throw new Error('searchReachOf: the route has no caller');
  return { kinds: disclosure.plainKinds, self: { kind: caller.memberType, id: caller.uuid, email: caller.profile.email } };
}

/**
 * For a list of one kind of person, whom a search (`searching`: a text or IAM ID filter is given)
 * may match: undefined — everyone; an id — only the caller's own record; null — no one, so the
 * answer is empty without asking the database.
 */
export function searchOnly(reach: SearchReach, kind: PersonKind, searching: boolean): string | null | undefined {
  if (!searching || reach.kinds.includes(kind)) return undefined;
  return reach.self.kind === kind ? reach.self.id : null;
}

/** The disclosure for a `permission` route's own scope: the engine's view the route's check left. */
export function disclosureHere(ctx: RequestContext): Disclosure {
  if (!ctx.caller) throw new Error('disclosureHere: the route has no caller');
  return disclosureOf(ctx.caller, [grantOf(ctx).view]);
}

/**
 * A person's contact fields as the disclosure lets the caller see them: email, name, phone and
 * IAM ID (userCode) masked unless plain. Any field the value lacks is left alone, so one helper
 * serves members, invitations, IAM accounts and project members.
 */
export function disclosed<T extends { email?: string; emailAddress?: string; name?: string; mobileNumber?: string | null; userCode?: string | null }>(
  disclosure: Disclosure,
  person: PersonRef,
  value: T,
): T {
  if (disclosure.plain(person)) return value;
  const out: Record<string, unknown> = { ...value };
  if (typeof value.email === 'string') out.email = disclosure.email(value.email, person);
  if (typeof value.emailAddress === 'string') out.emailAddress = disclosure.email(value.emailAddress, person);
  if (typeof value.name === 'string') out.name = disclosure.name(value.name, person);
  if (value.mobileNumber !== undefined) out.mobileNumber = disclosure.phone(value.mobileNumber, person);
  if (typeof value.userCode === 'string') out.userCode = disclosure.userCode(value.userCode, person);
  return out as T;
}
