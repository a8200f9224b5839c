import {
  DEFAULT_PASSWORD_POLICY,
  LOGIN_FAIL_BLOCK_DEFAULT,
  LOGIN_FAIL_COUNT_DEFAULT,
  MULTI_SESSIONS_DEFAULT,
  SESSION_TIMEOUT_DEFAULT,
  SESSION_TIMEOUT_MAX,
  SESSION_TIMEOUT_MIN,
  type LoginFailSetting,
  type MfaSetting,
  type PasswordPolicyValue,
  type SessionSetting,
} from '@console/contracts';
import type { Executor } from '../../db/client.ts';
import { signInSecurityRepository as repo, type SecuritySettingsRow } from './sign-in-security.repository.ts';

/** The sign-in security in force for an organization: what is saved, else the spec's defaults. */
export interface EffectiveSettings {
  loginFail: LoginFailSetting;
  mfa: MfaSetting;
  session: SessionSetting;
  /** The saved policy (null: the default one) and when it was saved. */
  passwordPolicy: PasswordPolicyValue | null;
  passwordPolicyAt: Date | null;
}

/**
 * `defaultTimeoutMinutes`: the idle timeout without a saved session setting — the console's own
 * (SESSION_IDLE_MINUTES, 60 unless set), kept within the spec's 10 to 35,791,394 (docs/decisions.md).
 */
export function effectiveSettings(row: SecuritySettingsRow | undefined, defaultTimeoutMinutes: number = SESSION_TIMEOUT_DEFAULT): EffectiveSettings {
  return {
    loginFail: {
      enable: row?.loginFailEnabled ?? true,
      loginFailCount: row?.loginFailCount ?? LOGIN_FAIL_COUNT_DEFAULT,
      blockMinutes: row?.loginFailBlockMinutes ?? LOGIN_FAIL_BLOCK_DEFAULT,
    },
    mfa: { type: row?.mfaType ?? 'NONE', bypassByIp: { enable: row?.mfaBypassEnabled ?? false, ipList: row?.mfaBypassIps ?? [] } },
    session: {
      multiSessionsLimit: row?.multiSessionsLimit ?? MULTI_SESSIONS_DEFAULT,
      sessionTimeoutMinutes: row?.sessionTimeoutMinutes ?? Math.min(Math.max(defaultTimeoutMinutes, SESSION_TIMEOUT_MIN), SESSION_TIMEOUT_MAX),
    },
    passwordPolicy: row?.passwordPolicy ?? null,
    passwordPolicyAt: row?.passwordPolicyAt ?? null,
  };
}

export const settingsOf = async (db: Executor, orgId: string, defaultTimeoutMinutes?: number) => effectiveSettings(await repo.settings(db, orgId), defaultTimeoutMinutes);

export { DEFAULT_PASSWORD_POLICY };
