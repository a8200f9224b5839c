import { GOVERNANCE_TYPES, type GovernanceSetting } from '@console/contracts/governance';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { switchLocale } from '../../../shared/i18n/switch-locale.ts';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { GovernanceSettingsPanel } from './GovernanceSettingsPanel.tsx';

beforeAll(async () => {
  await switchLocale('en_US');
});
afterEach(() => cleanup());

const settings: GovernanceSetting[] = GOVERNANCE_TYPES.map((governanceType) => ({ governanceType, settingType: 'UNUSE', ips: [], countryCodeList: [], modDatetime: null }));
const allowed: PermissionCheck = { allowed: true, loading: false, grantingRoles: [], reason: undefined };

describe('GovernanceSettingsPanel', () => {
  it('says what the console itself enforces of unique instance names: project names', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <GovernanceSettingsPanel orgId="00000000-0000-4000-8000-000000000001" settings={settings} check={allowed} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('governance-unique-names-console').textContent).toBe('In this console, project names too must then be unique in the organization.');
    expect(screen.getByTestId('governance-toggle-UNIQUE_INSTANCE_NAME')).toBeTruthy();
  });
});
