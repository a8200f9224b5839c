/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { DEMO, expect, openInConsole, test } from '../fixtures.ts';
import { CLOSE, expectPseudoLocalized, OPEN, usePseudoLocale } from '../pseudo-locale.ts';
import { expectNoRawKeys } from '../raw-keys.ts';

/**
 * i18n completeness (issue 16): the main pages in the pseudo-locale (e2e/pseudo-locale.ts: English
 * made accented, 30 % longer and bracketed at test time) show no text as English wrote it, no
 * message cut by code, no text cut by its box and no message key (raw-keys.ts). Each page is
 * checked once it has painted its messages and its data calls have settled; together the pages
 * load every message part.
 */

test.describe.configure({ timeout: 180_000, mode: 'parallel' });

async function signInInEnglish(page: Page) {
  const login = await page.request.post('/api/auth/v1/login', { data: { email: DEMO.owner.email, password: DEMO.password } });
  expect(login.ok()).toBe(true);
  await page.context().addCookies([{ name: 'userLocale', value: 'en_US', url: new URL(login.url()).origin }]);
}

async function demoIds(page: Page) {
  const orgs = (await (await page.request.get('/api/cab/v7/organizations')).json()) as { orgs: { orgId: string; orgName: string }[] };
  const orgId = orgs.orgs.find((org) => org.orgName === DEMO.orgName)!.orgId;
  const projects = (await (await page.request.get(`/api/cab/v5/projects?orgId=${orgId}`)).json()) as { projects: { projectId: string }[] };
  return { orgId, projectId: projects.projects[0]!.projectId };
}

/** The main pages, grouped (one test each), with every message part among them. */
function mainPages(orgId: string, projectId: string): Record<string, string[]> {
  const org = `/org/${orgId}`;
  const project = `/project/${projectId}`;
  return {
    home: ['/', '/roles/organizations', '/security-setting', '/login-security', '/new', '/no/such/page'],
    org: [`${org}/dashboard`, `${org}/activity`, `${org}/member`, `${org}/member?tab=invitations`, `${org}/member?tab=iam`, `${org}/member/cloud/add`],
    'org-setting': [`${org}/setting`, `${org}/setting/role-group/add`, `${org}/governance`, `${org}/audit`, `${org}/setting/iam-security`, `${org}/member/import`],
    'org-more': [`${org}/alarm/management`, `${org}/alarm/occurrence`, `${org}/alarm-group`, `${org}/receiver-group`, `${org}/services`],
    project: [`${project}/dashboard`, `${project}/member`, `${project}/role-group`, `${project}/role-group/add`, `${project}/setting`],
    'project-more': [`${project}/services`, `${project}/authentication`, `${project}/alarm/management`, `${project}/alarm-group`],
  };
}

/**
 * Opens `path` and waits until its messages have painted and its data calls have settled. A page
 * after the test's first is opened through the console's router, as a link does (`openInConsole`,
 * which waits until the console changed and its calls were answered: `networkidle` below is the
 * document's, met since its load).
 */
async function openSettled(page: Page, path: string, open: (page: Page, path: string) => Promise<unknown> = openInConsole) {
  await open(page, path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText(OPEN).first(), `${path} paints the pseudo messages`).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('page-spinner')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

test('the sign-in page in the pseudo-locale', async ({ page, context }) => {
  await usePseudoLocale(page);
  await page.goto('/login');
  await context.addCookies([{ name: 'userLocale', value: 'en_US', url: new URL(page.url()).origin }]);
  // Loaded again: the language cookie applies to a new document.
  await openSettled(page, '/login', (tab, path) => tab.goto(path));
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expectPseudoLocalized(page, '/login');
});

for (const group of ['home', 'org', 'org-setting', 'org-more', 'project', 'project-more']) {
  test(`the main pages in the pseudo-locale: ${group}`, async ({ page }) => {
    await usePseudoLocale(page);
    await signInInEnglish(page);
    const { orgId, projectId } = await demoIds(page);
    for (const path of mainPages(orgId, projectId)[group]!) {
      await openSettled(page, path);
      await expectNoRawKeys(page);
      await expectPseudoLocalized(page, path);
    }
  });
}

test('the command palette in the pseudo-locale', async ({ page }) => {
  await usePseudoLocale(page);
  await signInInEnglish(page);
  const { orgId } = await demoIds(page);
  await openSettled(page, `/org/${orgId}/dashboard`);
  await page.getByTestId('command-palette-open').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.type('pro');
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await expectPseudoLocalized(page, 'the command palette');
});

test('the pseudo-locale finds English as written, texts cut by code and texts cut by their box', async ({ page, context }) => {
  // The check itself: a page that shows an English message as written, a message cut short and a
  // message wider than the box that hides its overflow fails it, naming each.
  await usePseudoLocale(page);
  await signInInEnglish(page);
  await openSettled(page, '/');
  await page.evaluate(
    ({ open, close }) => {
      const literal = document.createElement('p');
      literal.textContent = 'Save changes';
      const cut = document.createElement('p');
      cut.textContent = `${open}Ŝáṽé`;
      const narrow = document.createElement('div');
      narrow.style.cssText = 'width: 40px; overflow: hidden; white-space: nowrap';
      narrow.textContent = `${open}Ŝáṽé çĥáñĝéš····${close}`;
      document.body.prepend(literal, cut, narrow);
    },
    { open: OPEN, close: CLOSE },
  );
  const failure = await expectPseudoLocalized(page, 'a page with a literal').then(
    () => '',
    (error: Error) => error.message,
  );
  expect(failure).toContain('Save changes');
  expect(failure).toContain('⟦Ŝáṽé');
  expect(failure).toContain('Ŝáṽé çĥáñĝéš····⟧ (in <div');

  // The pseudo answers stay in their tab: a tab beside it in the same context (the same HTTP cache)
  // reads English as written.
  const english = await context.newPage();
  await english.goto('/');
  await expect(english.locator('html')).toHaveAttribute('lang', 'en');
  await expect(english.getByTestId('my-menu')).toHaveText(DEMO.owner.name);
  await expect(english.getByTestId('home-create-organization')).toHaveText(/^[A-Za-z][A-Za-z ]+$/);
  expect(await english.locator('body').innerText()).not.toContain(OPEN);
  await english.close();
});
