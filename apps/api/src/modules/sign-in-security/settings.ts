import {
  DEFAULT_PASSWORD_POLICY,
  LOGIN_FAIL_BLOCK_DEFAULT,
  LOGIN_FAIL_COUNT_DEFAULT,
  MULTI_SESSIONS_DEFAULT,
  SESSION_TIMEOUT_DEFAULT,
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

export function effectiveSettings(row: SecuritySettingsRow | undefined): EffectiveSettings {
  return {
    loginFail: {
      enable: row?.loginFailEnabled ?? true,
      loginFailCount: row?.loginFailCount ?? LOGIN_FAIL_COUNT_DEFAULT,
      blockMinutes: row?.loginFailBlockMinutes ?? LOGIN_FAIL_BLOCK_DEFAULT,
    },
    mfa: { type: row?.mfaType ?? 'NONE', bypassByIp: { enable: row?.mfaBypassEnabled ?? false, ipList: row?.mfaBypassIps ?? [] } },
    session: {
      multiSessionsLimit: row?.multiSessionsLimit ?? MULTI_SESSIONS_DEFAULT,
      sessionTimeoutMinutes: row?.sessionTimeoutMinutes ?? SESSION_TIMEOUT_DEFAULT,
    },
    passwordPolicy: row?.passwordPolicy ?? null,
    passwordPolicyAt: row?.passwordPolicyAt ?? null,
  };
}

export const settingsOf = async (db: Executor, orgId: string) => effectiveSettings(await repo.settings(db, orgId));

export { DEFAULT_PASSWORD_POLICY };
