import { verify } from '@node-rs/argon2';
import {
  formatResultMessage,
  isIamUserCode,
  isPhoneNumber,
  PASSWORD_SETUP_EXPIRY_HOURS,
  PASSWORD_SETUP_PAGE_PATH,
  PASSWORD_SETUP_RESEND_INTERVAL_SECONDS,
  tokenPageUrl,
  validationMessage,
  type FieldError,
  type IamMember,
  type IamMemberInputSchema,
  type IamMemberStatus,
  type Locale,
  type ResultCodeKey,
} from '@console/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { grantOf, type RequestContext, type SignedInContext } from '../../platform/context.ts';
import { AppError, invalidFields } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mail.ts';
import { passwordSetupMail } from '../../platform/mail-templates.ts';
import { disclosed, disclosureHere, searchOnly, searchReachOf, type Disclosure } from '../../platform/personal-data.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { membersRepository } from '../members/members.repository.ts';
import { iamRepository as repo, type IamListFilters, type IamMemberRow } from './iam.repository.ts';

type IamMemberInput = z.output<typeof IamMemberInputSchema>;

/** Statuses listed when the call names none: the accounts in use; left ones are asked for. */
const DEFAULT_LIST_STATUSES: readonly IamMemberStatus[] = ['STABLE', 'BLOCKED'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An IAM account; with a disclosure, as the caller may see it (privacy protection masks others' name, email, phone and IAM ID). */
export function toIamMember(row: IamMemberRow, projectRoleCodes?: readonly string[] | null, disclosure?: Disclosure): IamMember {
  const member: IamMember = {
    memberId: row.id,
    orgId: row.orgId,
    userCode: row.userCode,
    name: row.name,
    emailAddress: row.email,
    mobileNumber: row.mobileNumber,
    countryCode: row.country,
    status: row.status === 'INVITED' ? 'STABLE' : row.status,
    creationType: row.creationType === 'SSO' ? 'SSO' : 'CONSOLE',
    accountType: row.creationType === 'SSO' ? 'SSO' : 'IAM',
    hasPassword: row.passwordHash !== null,
    lastAccessedDateTime: row.lastLoginAt?.toISOString() ?? null,
    regDateTime: row.createdAt.toISOString(),
    modDateTime: row.updatedAt.toISOString(),
    ...(projectRoleCodes ? { projectMemberRoleCodes: [...projectRoleCodes] } : {}),
  };
  return disclosure ? disclosed(disclosure, { kind: 'IAM', id: row.id }, member) : member;
}

/** A refusal with a result code of its own and the offending fields, worded in the caller's language. */
const codeWithFields = (ctx: SignedInContext, key: ResultCodeKey, fields: readonly string[]) =>
  new AppError(key, { fieldErrors: fields.map((field) => ({ field, message: formatResultMessage(key, ctx.lang) })) });

/** Race with another request creating the same ID or email: the unique indexes answer like the checks. */
const asIamConflict = (ctx: SignedInContext) => (error: unknown) => {
  if (isUniqueViolation(error, 'iam_members_org_user_code_key')) throw codeWithFields(ctx, 'DUPLICATE_MEMBER_ID', ['body']);
  if (isUniqueViolation(error, 'iam_members_org_email_key')) throw codeWithFields(ctx, 'DUPLICATE_MEMBER_EMAIL', ['body']);
  throw error;
};

/** Field name of an item of a creation request. */
const itemField = (index: number, name: string) => `body.members.${index}.${name}`;
/** Indexes of values that appeared earlier in the list. */
const repeated = (values: readonly string[]) => values.flatMap((value, index) => (values.indexOf(value) !== index ? [index] : []));

/** An account of the grant's organization that has not left, locked (else IAM_MEMBER_NOT_FOUND); SSO accounts are refused (SSO_MEMBER_NOT_EDITABLE). */
async function editable(tx: Executor, orgId: string, memberId: string) {
  const row = await repo.lock(tx, orgId, memberId);
  if (!row || row.status === 'LEAVED') throw new AppError('IAM_MEMBER_NOT_FOUND');
  if (row.creationType === 'SSO') throw new AppError('SSO_MEMBER_NOT_EDITABLE');
  return row;
}

function phoneProblem(ctx: SignedInContext, field: string, country: string, phone: string | null): FieldError | undefined {
  if (phone === null || isPhoneNumber(country, phone)) return undefined;
  return { field, message: validationMessage('validation.phone.format', ctx.lang) };
}

export function createIamService(deps: { db: Database; config: AppConfig; mail: Mail }) {
  const { db, config, mail } = deps;

  return {
    /** GET v4 members; with x-project-id only that project's accounts, with their project roles. */
    async list(ctx: SignedInContext, filters: Omit<IamListFilters, 'projectId' | 'statuses'> & { statuses: readonly IamMemberStatus[] | undefined }, page: number, size: number) {
      const { orgId } = grantOf(ctx);
      const projectId = ctx.projectId?.trim() || undefined;
      // A project id that is malformed, unknown or of another organization: the project does not exist here.
      if (projectId !== undefined && (!UUID.test(projectId) || !(await repo.projectInOrg(db, orgId, projectId)))) {
        throw new AppError('PROJECT_NOT_EXIST');
      }
      const disclosure = disclosureHere(ctx);
      // IAM ID, name and email are searchable only where shown in plain: a masked account is never matched on them.
      const searching = Boolean(filters.userCode || filters.userCodeLike || filters.nameLike || filters.emailLike);
      const onlyMemberId = searchOnly(searchReachOf(ctx, disclosure), 'IAM', searching);
      if (onlyMemberId === null) return { result: { totalCount: 0, contents: [] } };
      const { rows, totalCount } = await repo.list(
        db,
        orgId,
        { ...filters, statuses: filters.statuses?.length ? filters.statuses : DEFAULT_LIST_STATUSES, projectId, onlyMemberId },
        page,
        size,
      );
      return { result: { totalCount, contents: rows.map((row) => toIamMember(row.member, row.projectRoleCodes, disclosure)) } };
    },

    /** The caller's own IAM account (/iam-information); a cloud member has none (IAM_MEMBER_NOT_FOUND). */
    async self(ctx: SignedInContext) {
      const caller = ctx.caller;
      if (caller.memberType !== 'IAM' || !caller.orgId) throw new AppError('IAM_MEMBER_NOT_FOUND');
      const [row, orgName, domain] = await Promise.all([
        repo.find(db, caller.orgId, caller.uuid),
        repo.orgNameOf(db, caller.orgId),
        repo.domainOf(db, caller.orgId),
      ]);
      if (!row || orgName === undefined) throw new AppError('IAM_MEMBER_NOT_FOUND');
      return { member: toIamMember(row), organization: { orgId: caller.orgId, orgName, domain } };
    },

    async get(ctx: SignedInContext, memberId: string) {
      const row = await repo.find(db, grantOf(ctx).orgId, memberId);
      if (!row) throw new AppError('IAM_MEMBER_NOT_FOUND');
      return { member: toIamMember(row, null, disclosureHere(ctx)) };
    },

    /**
     * Creates accounts, all or none. In order: IDs against spec §5 (INVALID_MEMBER_ID), the other fields
     * (INVALID_PARAMETER), IDs in use in the request or the organization (DUPLICATE_MEMBER_ID), emails likewise (DUPLICATE_MEMBER_EMAIL).
     * The ID of a left account re-adds it (spec §4) with the new details.
     */
    async create(ctx: SignedInContext, items: readonly IamMemberInput[]) {
      const { orgId } = grantOf(ctx);
      const invalidIds = items.flatMap((item, index) => (isIamUserCode(item.userCode) ? [] : [itemField(index, 'userCode')]));
      if (invalidIds.length > 0) throw codeWithFields(ctx, 'INVALID_MEMBER_ID', invalidIds);

      const problems: FieldError[] = [];
      const hasProvider = items.some((item) => item.creationType === 'SSO') && (await repo.hasIdentityProvider(db, orgId));
      items.forEach((item, index) => {
        const phone = phoneProblem(ctx, itemField(index, 'mobileNumber'), item.countryCode, item.mobileNumber);
        if (phone) problems.push(phone);
        if (item.creationType === 'SSO' && !hasProvider) {
          problems.push({ field: itemField(index, 'creationType'), message: validationMessage('validation.iam.ssoNeedsProvider', ctx.lang) });
        }
        if (item.creationType === 'SSO' && item.password) {
          problems.push({ field: itemField(index, 'password'), message: validationMessage('validation.iam.ssoNoPassword', ctx.lang) });
        }
      });
      if (problems.length > 0) throw invalidFields(...problems);

      const repeatedIds = repeated(items.map((item) => item.userCode));
      if (repeatedIds.length > 0) throw codeWithFields(ctx, 'DUPLICATE_MEMBER_ID', repeatedIds.map((index) => itemField(index, 'userCode')));
      const repeatedEmails = repeated(items.map((item) => item.emailAddress));
      if (repeatedEmails.length > 0) {
        throw codeWithFields(ctx, 'DUPLICATE_MEMBER_EMAIL', repeatedEmails.map((index) => itemField(index, 'emailAddress')));
      }

      const hashes = await Promise.all(items.map((item) => (item.password ? hashPassword(item.password) : Promise.resolve(null))));
      return db
        .transaction(async (tx) => {
          if (!(await repo.lockOrg(tx, orgId))) throw new AppError('INVALID_ORG_ID');
          const existing = new Map((await repo.findByUserCodes(tx, orgId, items.map((item) => item.userCode))).map((row) => [row.userCode, row]));
          const taken = items.flatMap((item, index) => (existing.get(item.userCode)?.status === 'LEAVED' || !existing.has(item.userCode) ? [] : [index]));
          if (taken.length > 0) throw codeWithFields(ctx, 'DUPLICATE_MEMBER_ID', taken.map((index) => itemField(index, 'userCode')));
          const readded = items.flatMap((item) => (existing.has(item.userCode) ? [existing.get(item.userCode)!.id] : []));
          const inUse = await repo.emailsInUse(tx, orgId, items.map((item) => item.emailAddress), readded);
          const emailTaken = items.flatMap((item, index) => (inUse.has(item.emailAddress) ? [index] : []));
          if (emailTaken.length > 0) throw codeWithFields(ctx, 'DUPLICATE_MEMBER_EMAIL', emailTaken.map((index) => itemField(index, 'emailAddress')));

          const now = ctx.now();
          const created: IamMemberRow[] = [];
          for (const [index, item] of items.entries()) {
            const values = {
              name: item.name,
              email: item.emailAddress,
              mobileNumber: item.mobileNumber,
              country: item.countryCode,
              status: item.status,
              creationType: item.creationType,
              passwordHash: hashes[index] ?? null,
              updatedAt: now,
            };
            const left = existing.get(item.userCode);
            created.push(
              left
                ? await repo.update(tx, orgId, left.id, { ...values, createdAt: now, lastLoginAt: null })
                : await repo.insert(tx, { ...values, orgId, userCode: item.userCode, createdAt: now }),
            );
          }
          return { result: { contents: created.map((row) => toIamMember(row, null, disclosureHere(ctx))) } };
        })
        .catch(asIamConflict(ctx));
    },

    /** Name, email and phone of a console-made account (SSO accounts: SSO_MEMBER_NOT_EDITABLE). */
    async update(ctx: SignedInContext, memberId: string, body: { name: string; emailAddress: string; mobileNumber: string | null; countryCode?: string | undefined }) {
      const { orgId } = grantOf(ctx);
      return db
        .transaction(async (tx) => {
          const row = await editable(tx, orgId, memberId);
          const country = body.countryCode ?? row.country;
          const phone = phoneProblem(ctx, 'body.mobileNumber', country, body.mobileNumber);
          if (phone) throw invalidFields(phone);
          if ((await repo.emailsInUse(tx, orgId, [body.emailAddress], [row.id])).has(body.emailAddress)) {
            throw codeWithFields(ctx, 'DUPLICATE_MEMBER_EMAIL', ['body.emailAddress']);
          }
          const updated = await repo.update(tx, orgId, memberId, {
            name: body.name,
            email: body.emailAddress,
            mobileNumber: body.mobileNumber,
            country,
            updatedAt: ctx.now(),
          });
          return { member: toIamMember(updated, null, disclosureHere(ctx)) };
        })
        .catch(asIamConflict(ctx));
    },

    /** Suspends (BLOCKED: its sessions end at once) or re-allows (STABLE) an account. */
    async setStatus(ctx: SignedInContext, memberId: string, status: 'STABLE' | 'BLOCKED') {
      const { orgId } = grantOf(ctx);
      return db.transaction(async (tx) => {
        await editable(tx, orgId, memberId);
        const now = ctx.now();
        const updated = await repo.update(tx, orgId, memberId, { status, updatedAt: now });
        if (status === 'BLOCKED') await repo.revokeSessions(tx, orgId, memberId, now);
        return { member: toIamMember(updated, null, disclosureHere(ctx)) };
      });
    },

    /**
     * Deletes an account: LEAVED, out of its projects, sessions ended, password and setup links
     * gone; its ID can be re-added. Not while it is the sole ADMIN of a project (PROJECT_WITHOUT_ADMIN).
     */
    async delete(ctx: SignedInContext, memberId: string) {
      const { orgId } = grantOf(ctx);
      await db.transaction(async (tx) => {
        await editable(tx, orgId, memberId);
        if ((await membersRepository.projectsWhereSoleAdmin(tx, orgId, { kind: 'iam', iamMemberId: memberId })).length > 0) {
          throw new AppError('PROJECT_WITHOUT_ADMIN');
        }
        const now = ctx.now();
        await repo.removeFromProjects(tx, orgId, memberId);
        await repo.deleteTokens(tx, orgId, memberId);
        await repo.revokeSessions(tx, orgId, memberId, now);
        await repo.update(tx, orgId, memberId, { status: 'LEAVED', passwordHash: null, updatedAt: now });
      });
      return { memberId };
    },

    /**
     * Mails a single-use link to set the password, valid 24 hours; a newer link replaces the
     * older one. One a minute (DUPLICATE_ACTION).
     */
    async sendPasswordSetupMail(ctx: SignedInContext, memberId: string, body: { locale?: Locale | undefined; returnUrl?: string | undefined }) {
      const { orgId } = grantOf(ctx);
      const now = ctx.now();
      return db.transaction(async (tx) => {
        const org = await repo.lockOrg(tx, orgId);
        if (!org) throw new AppError('INVALID_ORG_ID');
        const row = await editable(tx, orgId, memberId);
        const last = await repo.latestTokenCreatedAt(tx, orgId, memberId);
        if (last && now.getTime() - last.getTime() < PASSWORD_SETUP_RESEND_INTERVAL_SECONDS * 1000) throw new AppError('DUPLICATE_ACTION');
        const token = newToken();
        const expiresAt = new Date(now.getTime() + PASSWORD_SETUP_EXPIRY_HOURS * 3_600_000);
        await repo.deleteTokens(tx, orgId, memberId);
        await repo.insertToken(tx, {
          orgId,
          iamMemberId: memberId,
          tokenHash: hashToken(token),
          returnUrl: body.returnUrl ?? null,
          expiresAt,
          createdAt: now,
        });
        const domain = await repo.domainOf(tx, orgId);
        await mail.enqueue(
          tx,
          passwordSetupMail({
            to: row.email,
            locale: body.locale ?? ctx.locale,
            orgId,
            orgName: org.name,
            name: row.name,
            userCode: row.userCode,
            link: tokenPageUrl(config.publicUrl, PASSWORD_SETUP_PAGE_PATH, token),
            loginUrl: domain ? `${config.publicUrl}/login?domain=${encodeURIComponent(domain)}` : `${config.publicUrl}/login`,
            expiresAt,
          }),
        );
        return { expireDateTime: expiresAt.toISOString() };
      });
    },

    /** The account a link is for; a link unknown, used, expired or of a left or SSO account is 21006. */
    async passwordSetup(ctx: RequestContext, token: string) {
      const found = await repo.findTokenByHash(db, hashToken(token));
      if (!found || found.token.usedAt || found.token.expiresAt <= ctx.now() || found.member.status === 'LEAVED' || found.member.creationType === 'SSO') {
        throw new AppError('PASSWORD_SETUP_LINK_INVALID');
      }
      return {
        passwordSetup: {
          orgName: found.orgName,
          domain: await repo.domainOf(db, found.token.orgId),
          userCode: found.member.userCode,
          name: found.member.name,
          expireDateTime: found.token.expiresAt.toISOString(),
        },
      };
    },

    /**
     * Sets the password with a link, once: the link is used up, the account's sessions end, and
     * the answer says where it signs in. The current password is refused as the new one.
     */
    async completePasswordSetup(ctx: RequestContext, token: string, body: { password: string; passwordConfirm?: string | undefined }) {
      if (body.passwordConfirm !== undefined && body.passwordConfirm !== body.password) {
        throw invalidFields({ field: 'body.passwordConfirm', message: validationMessage('validation.password.confirm', ctx.lang) });
      }
      const tokenHash = hashToken(token);
      const found = await repo.findTokenByHash(db, tokenHash);
      const usable = (row: { usedAt: Date | null; expiresAt: Date } | undefined) => row && !row.usedAt && row.expiresAt > ctx.now();
      if (!found || !usable(found.token) || found.member.status === 'LEAVED' || found.member.creationType === 'SSO') {
        throw new AppError('PASSWORD_SETUP_LINK_INVALID');
      }
      if (found.member.passwordHash && (await verify(found.member.passwordHash, body.password).catch(() => false))) {
        throw invalidFields({ field: 'body.password', message: validationMessage('validation.password.reused', ctx.lang) });
      }
      const passwordHash = await hashPassword(body.password);
      const { orgId } = found.token;
      return db.transaction(async (tx) => {
        // Locked and checked again: of two uses of one link at the same time, one wins.
        const locked = await repo.lockTokenByHash(tx, tokenHash);
        if (!usable(locked)) throw new AppError('PASSWORD_SETUP_LINK_INVALID');
        const now = ctx.now();
        await repo.markTokenUsed(tx, orgId, locked!.id, now);
        await repo.update(tx, orgId, found.member.id, { passwordHash, updatedAt: now });
        await repo.revokeSessions(tx, orgId, found.member.id, now);
        return { domain: await repo.domainOf(tx, orgId), userCode: found.member.userCode, returnUrl: locked!.returnUrl ?? '/' };
      });
    },

    async identityProviders(ctx: SignedInContext) {
      const rows = await repo.identityProviders(db, grantOf(ctx).orgId);
      return {
        idProviders: rows.map((row) => ({
          idProviderId: row.id,
          name: row.name,
          protocol: row.protocol,
          enabled: row.enabled,
          regDateTime: row.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type IamService = ReturnType<typeof createIamService>;
