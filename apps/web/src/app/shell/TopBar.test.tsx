import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../shared/i18n/switch-locale.ts';
import { renderConsole } from '../../test/console.tsx';
import { ORG_ID, organization } from '../../test/fixtures.ts';
import { mockFetch } from '../../test/http.ts';
import { OrgSwitcher } from './TopBar.tsx';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('top bar', () => {
  it("the organization switcher's accessible name starts with the organization it shows (WCAG 2.5.3)", async () => {
    mockFetch({});
    const org = organization();
    renderConsole(
      [{ path: '/org/:orgId/dashboard', Component: () => <OrgSwitcher orgs={[org]} org={org} project={undefined} projects={[]} onCreateOrganization={() => undefined} /> }],
      `/org/${ORG_ID}/dashboard`,
      english,
    );
    const button = await screen.findByTestId('org-switcher');
    expect(button.textContent).toContain(org.orgName);
    expect(button.getAttribute('aria-label')).toBe(`${org.orgName}, Organizations and projects`);
  });
});
