import { RESULT_CODES, type Endpoint } from '@console/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { bearerTokenOf } from '../../platform/bearer.ts';
import { AppError } from '../../platform/errors.ts';
import { redactUrl } from '../../platform/log-redaction.ts';
import { hashToken } from '../../platform/session.ts';
import { auditRepository as repo, type NewAuditEvent } from './audit.repository.ts';
import { redactSecrets } from './redact.ts';

/**
 * Records the audit log centrally (issue 10): `registerEndpoint` (platform/routes.ts) calls
 * `before` once the permission check has passed (a settings call's state is read), `after` when a
 * change succeeded and `failed` when a call was refused. Recorded:
 * - sign-ins and sign-outs (auth.memberLogin, auth.iamLogin, auth.logout) and an IAM sign-in's later
 *   steps (auth.verifySignInCode: the TOTP or mailed code; auth.changeSignInPassword), success and failure,
 *   judged from the auth endpoints' outcome — modules/auth is not touched;
 * - token issuance from an access key (success and failure) and refused bearer tokens;
 * - every permission denial (PERMISSION_DENIED) of any call, and a refused change of one's own credentials;
 * - every successful change (any call but a GET or a read-only question);
 * - the OWNER's break-glass path (its code asked for and used, success or refusal), under the
 *   organization it concerns, with the network rules in force before and after and the rules lifted.
 * A row goes to each organization the event concerns (a cloud member's sign-in: each of theirs).
 * Settings calls keep the state before and after; bodies and states are redacted (redact.ts).
 * A change's row is written in the change's own transaction (db/unit-of-work.ts): if it cannot be
 * written the call fails and the change is rolled back with it. The state before and the records of
 * refusals (`failed`, after the unit has ended) never fail the call: an error is logged (without the
 * request body).
 */
export interface AuditRecorder {
  before(endpoint: Endpoint, request: FastifyRequest): Promise<void>;
  after(endpoint: Endpoint, request: FastifyRequest, result: unknown): Promise<void>;
  failed(endpoint: Endpoint, request: FastifyRequest, error: unknown): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log's recorder (modules/audit), called by registerEndpoint. */
    audit: AuditRecorder;
  }
}

const SIGN_IN = new Set(['auth.memberLogin', 'auth.iamLogin', 'auth.logout', 'auth.verifySignInCode', 'auth.changeSignInPassword']);
const TOKEN_ISSUE = 'iam.issueAccessToken';
const ORG_DELETE = 'cab.deleteOrganization';
const ACCESS_KEY_CALLS = /^iam\.(\w*AccessKey\w*|\w*AccessToken\w*)$/;
/** One's own credential changes (session routes): recorded under the account's organization(s). */
const OWN_CREDENTIAL_CALLS = new Set([
  'signInSecurity.startOwnTotpEnrolment',
  'signInSecurity.confirmOwnTotpEnrolment',
  'signInSecurity.changeOwnPassword',
  'signInSecurity.endOwnSession',
]);
/** Session routes (the network rules they lift must not stop them): recorded under their :orgId. */
const BREAK_GLASS = new Set(['cab.requestGovernanceBreakGlass', 'cab.confirmGovernanceBreakGlass']);

type Snapshot = (db: Database, request: FastifyRequest) => Promise<unknown>;
/** The state after a change, read from its answer where the answer holds it (no query). */
type AfterFromResult = (result: unknown) => unknown;
const param = (request: FastifyRequest, name: string) => String((request.params as Record<string, unknown>)[name] ?? '');

const AFTER_FROM_RESULT: Record<string, AfterFromResult> = {
  'cab.updateProject': (result) => {
    const project = (result as { project: { projectName: string; projectDescription: string } }).project;
    return { projectName: project.projectName, description: project.projectDescription };
  },
  'iam.updateRenewPeriods': (result) => (result as { renewPeriods: unknown }).renewPeriods,
};

/** A governance call's organization: its :orgId, or (v4 governances POST) the body's scopeId. */
const governanceOrg = (request: FastifyRequest) => param(request, 'orgId') || String((request.body as Record<string, unknown> | undefined)?.scopeId ?? '');
const governanceRules: Snapshot = (db, request) => repo.governanceRules(db, governanceOrg(request));
const iamSecurity: Snapshot = (db, request) => repo.iamSecurity(db, param(request, 'orgId'));

/** Settings calls whose state before and after is kept. */
const SNAPSHOTS: Record<string, Snapshot> = {
  // Governance and network rules, and the IAM accounts' sign-in security: the whole rule set, so a change shows in context.
  'cab.saveGovernance': governanceRules,
  'cab.saveIpAcl': governanceRules,
  'cab.saveCountryIpAcl': governanceRules,
  'cab.changePrivacyProtect': governanceRules,
  'signInSecurity.updateLoginFail': iamSecurity,
  'signInSecurity.updateMfa': iamSecurity,
  'signInSecurity.updateSession': iamSecurity,
  'signInSecurity.updatePasswordRule': iamSecurity,
  'cab.updateOrganization': (db, request) => repo.orgSettings(db, param(request, 'orgId')),
  'cab.updateOrgRegions': (db, request) => repo.orgSettings(db, param(request, 'orgId')),
  'iam.updateRenewPeriods': (db, request) => repo.renewPeriods(db, param(request, 'orgId')),
  'cab.updateOrgMemberRoles': (db, request) => repo.orgMemberRoles(db, param(request, 'orgId'), param(request, 'memberId')),
  'cab.removeOrgMember': (db, request) => repo.orgMemberRoles(db, param(request, 'orgId'), param(request, 'memberId')),
  'cab.updateProject': (db, request) => repo.projectSettings(db, param(request, 'projectId')),
  'iam.updateUserAccessKey': (db, request) => repo.accessKeySettings(db, param(request, 'userAccessKeyId')),
  'iam.reissueUserAccessKeySecret': (db, request) => repo.accessKeySettings(db, param(request, 'userAccessKeyId')),
  'signInSecurity.resetIamMemberTotp': (db, request) => repo.totpState(db, param(request, 'memberId')),
  'cab.requestGovernanceBreakGlass': (db, request) => repo.networkRules(db, param(request, 'orgId')),
  'cab.confirmGovernanceBreakGlass': (db, request) => repo.networkRules(db, param(request, 'orgId')),
};

/** Which rules a break-glass code would lift (request) or lifted (use), read from the rules in force. */
function rulesInForce(state: unknown): ('IP_ACL' | 'COUNTRY')[] {
  const rules = state as { ipAcl?: { ipAclSelection?: string }; countryRule?: { settingType?: string } } | null | undefined;
  return [...(rules?.ipAcl?.ipAclSelection === 'SETTING' ? (['IP_ACL'] as const) : []), ...(rules?.countryRule?.settingType === 'USE' ? (['COUNTRY'] as const) : [])];
}

interface Actor {
  actorType: 'TOAST_CLOUD' | 'IAM' | 'ANONYMOUS';
  actorId: string | null;
  actorLogin: string;
}

/** The call's target: its last path parameter (memberId, roleGroupId, userAccessKeyId…), else its scope. */
function targetOf(endpoint: Endpoint, request: FastifyRequest): { targetType: string | null; targetId: string | null } {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const name = names.at(-1);
  if (!name) return { targetType: null, targetId: null };
  return { targetType: name.replace(/Id$/, ''), targetId: String(params[name] ?? '') };
}

function callerActor(request: FastifyRequest): Actor | undefined {
  const caller = request.ctx.caller;
  return caller ? { actorType: caller.memberType, actorId: caller.uuid, actorLogin: caller.profile.id } : undefined;
}

function base(endpoint: Endpoint, request: FastifyRequest): Omit<NewAuditEvent, 'orgId' | 'category' | 'result' | 'resultCode' | 'actorType' | 'actorId' | 'actorLogin'> {
  return {
    action: endpoint.id,
    projectId: request.ctx.grant?.projectId ?? null,
    accessTokenId: request.ctx.caller?.accessTokenId ?? null,
    clientIp: request.ctx.clientIp,
    userAgent: request.ctx.userAgent.slice(0, 500),
    method: request.method,
    path: redactUrl(request.url.split('?')[0]!),
    ...targetOf(endpoint, request),
    createdAt: request.ctx.now(),
  };
}

export function createAuditRecorder(deps: { db: Database; log: FastifyBaseLogger }): AuditRecorder {
  const { db, log } = deps;
  const before = new WeakMap<FastifyRequest, unknown>();

  /** The organizations an account's event goes to: an IAM account's own, a cloud member's every one. */
  async function orgsOfAccount(memberType: 'TOAST_CLOUD' | 'IAM', id: string, iamOrgId: string | null): Promise<string[]> {
    if (memberType === 'IAM') return iamOrgId ? [iamOrgId] : [];
    return repo.orgsOfMember(db, id);
  }

  /** The organizations a call concerns: its grant's, its scope's, the new one it created, else the actor's. */
  async function orgsOfCall(endpoint: Endpoint, request: FastifyRequest, result?: unknown): Promise<string[]> {
    const grant = request.ctx.grant;
    if (grant) return [grant.orgId];
    const { access } = endpoint;
    if (access.kind === 'permission') {
      const [part, key] = access.from.split('.') as ['params' | 'query' | 'body', string];
      const id = (request[part] as Record<string, unknown> | undefined)?.[key];
      if (typeof id !== 'string') return [];
      if (access.scope === 'org') return (await repo.orgExists(db, id)) ? [id] : [];
      const orgId = await repo.orgOfProject(db, id);
      return orgId ? [orgId] : [];
    }
    const answer = result as { org?: { orgId?: unknown }; orgId?: unknown } | undefined;
    const created = answer?.org?.orgId ?? answer?.orgId;
    if (typeof created === 'string') return [created];
    const caller = request.ctx.caller;
    if (caller && (ACCESS_KEY_CALLS.test(endpoint.id) || OWN_CREDENTIAL_CALLS.has(endpoint.id))) return orgsOfAccount(caller.memberType, caller.uuid, caller.orgId);
    return [];
  }

  /** A break-glass call's organization (its :orgId) when it exists and the caller belongs to it. */
  async function breakGlassOrgs(request: FastifyRequest): Promise<string[]> {
    const orgId = param(request, 'orgId');
    const caller = request.ctx.caller;
    if (!caller || !/^[0-9a-f-]{36}$/i.test(orgId)) return [];
    return (await repo.isOrgMember(db, orgId, caller.memberType, caller.uuid)) ? [orgId] : [];
  }

  async function write(orgIds: readonly (string | null)[], row: Omit<NewAuditEvent, 'orgId'>) {
    const targets = orgIds.length > 0 ? [...new Set(orgIds)] : [null];
    await repo.insert(db, targets.map((orgId) => ({ ...row, orgId })));
  }

  /** Who signed in (or tried to), and the organizations that concerns. */
  async function signInParty(endpoint: Endpoint, request: FastifyRequest, result: unknown): Promise<{ actor: Actor; orgIds: string[] }> {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const session = (result as { session?: { uuid: string; memberType: 'TOAST_CLOUD' | 'IAM'; orgId: string | null; id: string } } | undefined)?.session;
    if (session) {
      return {
        actor: { actorType: session.memberType, actorId: session.uuid, actorLogin: session.id },
        orgIds: await orgsOfAccount(session.memberType, session.uuid, session.orgId),
      };
    }
    if (endpoint.id === 'auth.logout') {
      const actor = callerActor(request);
      const caller = request.ctx.caller;
      return { actor: actor ?? { actorType: 'ANONYMOUS', actorId: null, actorLogin: '' }, orgIds: caller ? await orgsOfAccount(caller.memberType, caller.uuid, caller.orgId) : [] };
    }
    // A later step of an IAM sign-in (the second step's code, a required new password): its account, by the challenge.
    const challengeTokens = [body.challengeToken, (result as { nextStep?: { challengeToken?: unknown } | null } | undefined)?.nextStep?.challengeToken];
    for (const token of challengeTokens) {
      if (typeof token !== 'string' || token === '') continue;
      const holder = await repo.challengeHolder(db, hashToken(token));
      if (holder) return { actor: { actorType: 'IAM', actorId: holder.iamMemberId, actorLogin: holder.userCode }, orgIds: [holder.orgId] };
    }
    if (endpoint.id === 'auth.iamLogin' && typeof body.domain === 'string' && typeof body.userCode === 'string') {
      const found = await repo.iamByDomain(db, body.domain, body.userCode);
      return {
        actor: { actorType: found?.iamMemberId ? 'IAM' : 'ANONYMOUS', actorId: found?.iamMemberId ?? null, actorLogin: body.userCode.slice(0, 200) },
        orgIds: found ? [found.orgId] : [],
      };
    }
    if (typeof body.email === 'string') {
      const member = await repo.memberByEmail(db, body.email);
      return {
        actor: { actorType: member ? 'TOAST_CLOUD' : 'ANONYMOUS', actorId: member?.id ?? null, actorLogin: body.email.slice(0, 200) },
        orgIds: member ? await repo.orgsOfMember(db, member.id) : [],
      };
    }
    return { actor: { actorType: 'ANONYMOUS', actorId: null, actorLogin: '' }, orgIds: [] };
  }

  /** The holder of the key a token is asked of (success or failure), by its public key id. */
  async function tokenParty(request: FastifyRequest): Promise<{ actor: Actor; orgIds: string[]; keyId: string }> {
    const keyId = String((request.body as Record<string, unknown> | undefined)?.userAccessKeyId ?? '').slice(0, 40);
    const holder = keyId ? await repo.keyHolder(db, keyId) : undefined;
    if (!holder) return { actor: { actorType: 'ANONYMOUS', actorId: null, actorLogin: '' }, orgIds: [], keyId };
    const id = (holder.memberType === 'IAM' ? holder.iamMemberId : holder.memberId)!;
    const account = await repo.loginOf(db, holder.memberType, id);
    return {
      actor: { actorType: holder.memberType, actorId: id, actorLogin: account?.login ?? '' },
      orgIds: await orgsOfAccount(holder.memberType, id, account?.orgId ?? null),
      keyId,
    };
  }

  async function guard(endpoint: Endpoint, request: FastifyRequest, what: string, run: () => Promise<void>, rethrow = false) {
    try {
      await run();
    } catch (error) {
      log.error({ err: error, endpoint: endpoint.id, reqId: request.id }, `audit: recording ${what} failed`);
      if (rethrow) throw error;
    }
  }

  return {
    async before(endpoint, request) {
      const snapshot = SNAPSHOTS[endpoint.id];
      if (!snapshot) return;
      await guard(endpoint, request, 'the state before', async () => {
        before.set(request, redactSecrets(await snapshot(db, request)));
      });
    },

    async after(endpoint, request, result) {
      if (endpoint.method === 'GET' || request.routeOptions.config?.readOnly === true) return;
      await guard(endpoint, request, 'a change', async () => {
        const row = { ...base(endpoint, request), result: 'SUCCESS' as const, resultCode: '0' };
        if (SIGN_IN.has(endpoint.id)) {
          const { actor, orgIds } = await signInParty(endpoint, request, result);
          await write(orgIds, { ...row, ...actor, category: 'SIGN_IN' });
          return;
        }
        if (endpoint.id === TOKEN_ISSUE) {
          const { actor, orgIds, keyId } = await tokenParty(request);
          const tokenId = (result as { tokenId?: string }).tokenId ?? null;
          await write(orgIds, { ...row, ...actor, category: 'ACCESS_KEY', targetType: 'userAccessKey', targetId: keyId, detail: { tokenId } });
          return;
        }
        const actor = callerActor(request);
        if (!actor) return;
        if (BREAK_GLASS.has(endpoint.id)) {
          const stateBefore = before.get(request) ?? null;
          const answer = result as { disabled?: string[]; maskedEmail?: string; expiresAt?: string };
          await write(await breakGlassOrgs(request), {
            ...row,
            ...actor,
            category: 'BREAK_GLASS',
            before: stateBefore,
            after: redactSecrets(await SNAPSHOTS[endpoint.id]!(db, request)),
            detail:
              endpoint.id === 'cab.confirmGovernanceBreakGlass'
                ? { disabled: answer.disabled ?? [] }
                : { rulesInForce: rulesInForce(stateBefore), maskedEmail: answer.maskedEmail ?? null, expiresAt: answer.expiresAt ?? null },
          });
          return;
        }
        const snapshot = SNAPSHOTS[endpoint.id];
        // A deleted organization's log went with it (and its row can no longer be named in the same
        // transaction): the deletion itself is kept under no organization, as an unknown account's sign-in.
        const orgIds = endpoint.id === ORG_DELETE ? [] : await orgsOfCall(endpoint, request, result);
        await write(orgIds, {
          ...row,
          ...actor,
          category: ACCESS_KEY_CALLS.test(endpoint.id) ? 'ACCESS_KEY' : 'CHANGE',
          before: snapshot ? (before.get(request) ?? null) : null,
          after: snapshot ? redactSecrets(AFTER_FROM_RESULT[endpoint.id]?.(result) ?? (await snapshot(db, request))) : null,
          detail: request.body === undefined ? null : { body: redactSecrets(request.body) },
        });
      }, true);
    },

    async failed(endpoint, request, error) {
      const key = error instanceof AppError ? error.key : undefined;
      const code = key ? String(RESULT_CODES[key].code) : 'ERROR';
      await guard(endpoint, request, 'a refusal', async () => {
        const row = { ...base(endpoint, request), result: 'FAILURE' as const, resultCode: code };
        if (SIGN_IN.has(endpoint.id) && endpoint.id !== 'auth.logout') {
          const { actor, orgIds } = await signInParty(endpoint, request, undefined);
          await write(orgIds, { ...row, ...actor, category: 'SIGN_IN' });
          return;
        }
        if (endpoint.id === TOKEN_ISSUE) {
          if (key !== 'ACCESS_KEY_INVALID' && key !== 'TOO_MANY_REQUESTS') return;
          const { actor, orgIds, keyId } = await tokenParty(request);
          await write(orgIds, { ...row, ...actor, category: 'ACCESS_KEY', targetType: 'userAccessKey', targetId: keyId });
          return;
        }
        if (key === 'ACCESS_TOKEN_INVALID') {
          const token = bearerTokenOf(request);
          const holder = token ? await repo.tokenHolder(db, hashToken(token)) : undefined;
          if (!holder) return;
          const id = (holder.memberType === 'IAM' ? holder.iamMemberId : holder.memberId)!;
          const account = await repo.loginOf(db, holder.memberType, id);
          await write(await orgsOfAccount(holder.memberType, id, account?.orgId ?? null), {
            ...row,
            actorType: holder.memberType,
            actorId: id,
            actorLogin: account?.login ?? '',
            accessTokenId: holder.tokenId,
            category: 'ACCESS_KEY',
            detail: { userAccessKeyId: holder.keyId },
          });
          return;
        }
        if (BREAK_GLASS.has(endpoint.id)) {
          const actor = callerActor(request);
          if (!actor) return;
          const state = before.get(request) ?? null;
          await write(await breakGlassOrgs(request), { ...row, ...actor, category: 'BREAK_GLASS', before: state, detail: { rulesInForce: rulesInForce(state) } });
          return;
        }
        // A refused change of one's own credentials (a weak or reused password, a wrong current password or code).
        if (OWN_CREDENTIAL_CALLS.has(endpoint.id) && key !== 'PERMISSION_DENIED') {
          const actor = callerActor(request);
          if (!actor) return;
          await write(await orgsOfCall(endpoint, request), { ...row, ...actor, category: 'CHANGE', detail: request.body === undefined ? null : { body: redactSecrets(request.body) } });
          return;
        }
        if (key === 'PERMISSION_DENIED') {
          const actor = callerActor(request);
          if (!actor) return;
          const extra = error instanceof AppError ? error.extra : {};
          const { access } = endpoint;
          const projectId = access.kind === 'permission' && access.scope === 'project' ? param(request, 'projectId') || null : row.projectId;
          await write(await orgsOfCall(endpoint, request), {
            ...row,
            projectId,
            ...actor,
            category: 'PERMISSION_DENIED',
            detail: redactSecrets({ neededPermissions: extra.neededPermissions ?? null }),
          });
        }
      });
    },
  };
}
