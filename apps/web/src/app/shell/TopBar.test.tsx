import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../shared/i18n/switch-locale.ts';
import { renderConsole } from '../../test/console.tsx';
import { getConsoleConfig } from '@console/contracts/refs/console';
import { consoleFeatures, ORG_ID, organization, session } from '../../test/fixtures.ts';
import { mockFetch, ok } from '../../test/http.ts';
import { readFileSync } from 'node:fs';
import { Suspense } from 'react';
import { createRequire } from 'node:module';
import { holdUntilPagePainted, markPagePainted } from '../../shared/lib/page-painted.ts';
import { MyMenu, OrgSwitcher, topNavigationFrameStyle } from './TopBar.tsx';

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => {
  markPagePainted();
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

  it("draws Cloudscape's custom-content top navigation frame: the same declarations as the installed version's `top-navigation` class", () => {
    const require = createRequire(import.meta.url);
    const css = readFileSync(require.resolve('@cloudscape-design/components/top-navigation').replace(/index\.js$/, 'styles.scoped.css'), 'utf8');
    const rule = /\.awsui_top-navigation_[\w-]+:not\(#\\9\) \{([^}]*)\}/.exec(css)?.[1];
    expect(rule, 'the top-navigation rule of Cloudscape').toBeDefined();
    const declared = new Map<string, string>();
    for (const line of rule!.split(';')) {
      const [name, ...value] = line.split(':');
      if (name?.trim() && value.length) declared.set(name.trim(), value.join(':').trim());
    }
    // Every declaration of the frame is Cloudscape's own (a Cloudscape upgrade that renames its variables fails here).
    for (const [name, value] of Object.entries(topNavigationFrameStyle)) expect(`${kebab(name)}: ${value}`).toBe(`${kebab(name)}: ${declared.get(kebab(name))}`);
    // And what paints the bar (colours, border, font) is all there.
    for (const name of ['background', 'border-block-end', 'color', 'font-size', 'line-height', 'font-weight']) {
      expect(Object.keys(topNavigationFrameStyle).map(kebab)).toContain(name);
    }
  });

  it("on the document's first page, asks whether mails are kept and for the server's message bundle only once the page has been shown (issue 16)", async () => {
    const { requests } = mockFetch({
      'GET /api/console/v1/config': () =>
        ok(getConsoleConfig, {
          config: {
            edition: 'PUBLIC',
            features: consoleFeatures(),
            languages: ['ko_KR', 'en_US'],
            partnerCenterUrl: '',
            recommendedChromeVersion: 124,
            defaultRegion: 'KR1',
            productDomain: null,
          },
        }),
    });
    const asked = () => requests.map((request) => request.url.pathname).filter((path) => path.includes('dev-outbox') || path.includes('messages/bundle'));
    holdUntilPagePainted();
    renderConsole(
      [
        {
          path: '/org/:orgId/dashboard',
          Component: () => (
            <Suspense fallback={null}>
              <MyMenu session={session()} onSignOut={() => undefined} />
            </Suspense>
          ),
        },
      ],
      `/org/${ORG_ID}/dashboard`,
      english,
    );
    expect(await screen.findByTestId('my-menu')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toEqual([]);
    act(() => markPagePainted());
    await waitFor(() => expect(asked().sort()).toEqual(['/api/console/v1/dev-outbox', '/api/i18n/messages/bundle']));
  });
});
