import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { switchLocale, type LocaleResources } from '../../shared/i18n/switch-locale.ts';
import { renderConsole } from '../../test/console.tsx';
import { ORG_ID, organization, PROJECT_ID } from '../../test/fixtures.ts';
import { mockFetch } from '../../test/http.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import type { Scope } from './scope.ts';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(cleanup);

function renderCrumbs(scope: Scope) {
  mockFetch({});
  const kind = scope.projectId ? 'project' : 'org';
  renderConsole(
    [{ path: `/${kind}/:id/member`, handle: { crumb: { kind } }, Component: () => <Breadcrumbs scope={scope} /> }],
    `/${kind}/${scope.projectId ?? scope.orgId}/member`,
    english,
  );
  return within(screen.getByTestId('breadcrumbs'));
}

const texts = (crumbs: ReturnType<typeof within>) => crumbs.getAllByRole('link').map((link: HTMLElement) => link.textContent);

describe('breadcrumbs', () => {
  it('say "Organization" and "Project" while the names load, never the ids', () => {
    const crumbs = renderCrumbs({ orgId: ORG_ID, projectId: PROJECT_ID, org: undefined, project: undefined, orgs: undefined });
    expect(texts(crumbs)).toEqual(['Home', 'Organization', 'Project']);
    expect(screen.getByTestId('breadcrumbs').textContent).not.toContain(ORG_ID);
  });

  it('name the organization once the list has it, and fall back to its id when the list does not', () => {
    const org = organization();
    let crumbs = renderCrumbs({ orgId: ORG_ID, projectId: undefined, org, project: undefined, orgs: [org] });
    expect(texts(crumbs)).toEqual(['Home', org.orgName]);
    cleanup();
    crumbs = renderCrumbs({ orgId: ORG_ID, projectId: undefined, org: undefined, project: undefined, orgs: [] });
    expect(texts(crumbs)).toEqual(['Home', ORG_ID]);
  });
});
