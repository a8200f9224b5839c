import { randomBytes, randomInt } from 'node:crypto';
import {
  RENEW_PERIOD_DEFAULT_DAYS,
  type ProjectCredential,
  type ProjectCredentialKind,
  type RenewPeriods,
} from '@console/contracts';
import type { Database } from '../../db/client.ts';
import { projectGrantOf, type SignedInContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { projectCredentialsRepository as repo, type CredentialRow } from './project-credentials.repository.ts';

const DAY_MS = 86_400_000;

export const DEFAULT_RENEW_PERIODS: RenewPeriods = {
  userAccessKey: RENEW_PERIOD_DEFAULT_DAYS,
  iaasApiPassword: RENEW_PERIOD_DEFAULT_DAYS,
  s3Credential: RENEW_PERIOD_DEFAULT_DAYS,
};

export const periodOf = (periods: RenewPeriods, kind: ProjectCredentialKind) =>
  kind === 'IAAS_API_PASSWORD' ? periods.iaasApiPassword : periods.s3Credential;

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '!@#$%^&*';
const pick = (set: string) => set[randomInt(set.length)]!;

/** A 20-character password with each class present (IaaS APIs ask for mixed classes). */
function newPassword(): string {
  const all = LOWER + UPPER + DIGITS + SPECIAL;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL), ...Array.from({ length: 16 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

function view(row: CredentialRow, periods: RenewPeriods, now: Date): ProjectCredential {
  const due = new Date(row.renewedAt.getTime() + periodOf(periods, row.kind) * DAY_MS);
  return {
    credentialId: row.id,
    kind: row.kind,
    accessKey: row.accessKey,
    createdAt: row.createdAt.toISOString(),
    renewedAt: row.renewedAt.toISOString(),
    renewalDueAt: due.toISOString(),
    renewalOverdue: due <= now,
  };
}

const holderOf = (ctx: SignedInContext) => ({ memberType: ctx.caller.memberType, uuid: ctx.caller.uuid });

export function createProjectCredentialsService(deps: { db: Database; box: SecretBox }) {
  const { db, box } = deps;

  async function periodsOf(orgId: string): Promise<RenewPeriods> {
    const row = await repo.renewPeriods(db, orgId);
    return row ? { userAccessKey: row.userAccessKey, iaasApiPassword: row.iaasApiPassword, s3Credential: row.s3Credential } : DEFAULT_RENEW_PERIODS;
  }

  return {
    periodsOf,

    async getRenewPeriods(orgId: string) {
      return { renewPeriods: await periodsOf(orgId) };
    },

    async updateRenewPeriods(ctx: SignedInContext, orgId: string, periods: RenewPeriods) {
      await repo.saveRenewPeriods(db, { orgId, ...periods, updatedAt: ctx.now() });
      return { renewPeriods: periods };
    },

    async list(ctx: SignedInContext) {
      const grant = projectGrantOf(ctx);
      const periods = await periodsOf(grant.orgId);
      const rows = await repo.listOwn(db, grant.projectId, holderOf(ctx));
      const now = ctx.now();
      const of = (kind: ProjectCredentialKind) => {
        const row = rows.find((candidate) => candidate.kind === kind);
        return row ? view(row, periods, now) : null;
      };
      return { iaasApiPassword: of('IAAS_API_PASSWORD'), s3Credential: of('S3_CREDENTIAL'), renewPeriods: periods };
    },

    /** Creates or renews the caller's credential of a kind; the secret is answered this once. */
    async issue(ctx: SignedInContext, kind: ProjectCredentialKind) {
      const grant = projectGrantOf(ctx);
      const holder = holderOf(ctx);
      const now = ctx.now();
      let secret: string;
      let stored: string;
      let accessKey: string;
      if (kind === 'IAAS_API_PASSWORD') {
        secret = newPassword();
        stored = await hashPassword(secret);
        accessKey = ctx.caller.profile.id;
      } else {
        secret = randomBytes(30).toString('base64url');
        stored = box.seal(secret);
        accessKey = randomBytes(16).toString('hex');
      }
      const row = await repo.upsert(db, {
        projectId: grant.projectId,
        kind,
        memberType: holder.memberType,
        memberId: holder.memberType === 'IAM' ? null : holder.uuid,
        iamMemberId: holder.memberType === 'IAM' ? holder.uuid : null,
        accessKey,
        secret: stored,
        createdAt: now,
        renewedAt: now,
        locale: ctx.locale,
      });
      return { credential: view(row, await periodsOf(grant.orgId), now), secret };
    },

    async remove(ctx: SignedInContext, credentialId: string) {
      const grant = projectGrantOf(ctx);
      const row = await repo.findOwn(db, grant.projectId, holderOf(ctx), credentialId);
      if (!row) throw new AppError('PROJECT_CREDENTIAL_NOT_FOUND');
      await repo.remove(db, row.id);
      return {};
    },
  };
}

export type ProjectCredentialsService = ReturnType<typeof createProjectCredentialsService>;
