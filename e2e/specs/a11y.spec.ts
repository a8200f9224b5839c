import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { axeViolations, expectAccessible } from '../a11y.ts';
import { DEMO, demoIds, expect, openInConsole, signInThroughApi, test, uniqueName } from '../fixtures.ts';
import { tabTo } from '../keyboard.ts';

/**
 * Accessibility (issue 16): every main page passes axe-core (0 serious or critical violations)
 * in Korean and in English, and the core flows work with the keyboard alone, focus returning
 * where it should after a modal.
 */

// axe over a full Cloudscape page takes seconds on a loaded machine; a test here runs it up to three times.
// The tests are independent (each signs in on its own and changes nothing others read): the two
// workers share them (`parallel`), so this, the longest file, is not one worker's alone.
test.describe.configure({ timeout: 150_000, mode: 'parallel' });

/** Main pages, what shows each has loaded, and the group (one test each) it is checked in. */
function mainPages(orgId: string, projectId: string) {
  return [
    { group: 'home', path: '/', ready: 'home-create-organization' },
    { group: 'org', path: `/org/${orgId}/dashboard`, ready: 'org-overview' },
    { group: 'org', path: `/org/${orgId}/activity`, ready: 'activity-table' },
    { group: 'org-members', path: `/org/${orgId}/member`, ready: 'org-members-page' },
    { group: 'org-members', path: `/org/${orgId}/member?tab=invitations`, ready: 'org-members-page' },
    { group: 'org-members', path: `/org/${orgId}/member?tab=iam`, ready: 'org-members-page' },
    { group: 'org-more', path: `/org/${orgId}/member/cloud/add`, ready: 'org-invite-form' },
    { group: 'org-more', path: `/org/${orgId}/member/import`, ready: 'import-page' },
    { group: 'org-more', path: `/org/${orgId}/services`, ready: 'org-services-table' },
    { group: 'org-setting', path: `/org/${orgId}/setting`, ready: 'org-setting-page' },
    { group: 'org-setting', path: `/org/${orgId}/setting/role-group/add`, ready: 'role-group-form' },
    { group: 'project', path: `/project/${projectId}/dashboard`, ready: 'project-overview' },
    { group: 'project', path: `/project/${projectId}/member`, ready: 'project-members-page' },
    { group: 'project-more', path: `/project/${projectId}/role-group`, ready: 'role-groups-table' },
    { group: 'project-more', path: `/project/${projectId}/role-group/add`, ready: 'role-group-form' },
    { group: 'project-more', path: `/project/${projectId}/setting`, ready: 'project-setting-page' },
    { group: 'account', path: '/roles/organizations', ready: 'roles-page' },
    { group: 'account', path: '/new', ready: 'experiments' },
    { group: 'account', path: '/no/such/page', ready: 'not-found-page' },
  ];
}

/** Signs in through the API (the page's context keeps the cookies), in the given language. */
async function signInQuickly(page: Page, locale: string) {
  const login = await page.request.post('/api/auth/v1/login', { data: { email: DEMO.owner.email, password: DEMO.password } });
  expect(login.ok()).toBe(true);
  const origin = new URL(login.url()).origin;
  await page.context().addCookies([{ name: 'userLocale', value: locale, url: origin }]);
}

for (const locale of ['ko_KR', 'en_US'] as const) {
  const language = locale === 'ko_KR' ? 'Korean' : 'English';
  test.describe(`axe in ${language}`, () => {
    test('the sign-in page', async ({ page, context }) => {
      await page.goto('/login');
      await context.addCookies([{ name: 'userLocale', value: locale, url: new URL(page.url()).origin }]);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      await expect(page.getByTestId('login-page')).toBeVisible();
      await expectAccessible(page, 'sign-in');
    });

    const PAGES = ['home', 'org', 'org-members', 'org-more', 'org-setting', 'project', 'project-more', 'account'] as const;
    for (const group of PAGES) {
      test(`the main pages: ${group}`, async ({ page }) => {
        await signInQuickly(page, locale);
        const { orgId, projectId } = await demoIds(page);
        for (const { path, ready } of mainPages(orgId, projectId).filter((each) => each.group === group)) {
          // The group's first page loads the console; the others are opened through its router, as a
          // link does (no new document: 0.83× the CPU of these tests). Each page's `ready` differs
          // from the one before it but on the members page's tabs.
          await openInConsole(page, path);
          await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
          await expect(page.getByTestId(ready).first(), path).toBeVisible({ timeout: 30_000 });
          await expect(page.getByTestId('page-spinner')).toHaveCount(0);
          // Sections a page loads on demand (settings forms, dashboard tables and widgets) are checked too.
          await expect(page.getByTestId('on-demand-spinner')).toHaveCount(0);
          // and the parts a page mounts one per task (shared/hooks/use-in-turns.tsx).
          await expect(page.getByTestId('turn-pending')).toHaveCount(0);
          await expectAccessible(page);
        }
      });
    }
  });
}

test('sign-in with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await tabTo(page, page.getByTestId('login-email'));
  await page.keyboard.type(DEMO.owner.email);
  await tabTo(page, page.getByTestId('login-password'));
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('my-menu')).toHaveText(DEMO.owner.name);
});

test('create a project with the keyboard alone; focus returns to the button after the modal', async ({ page }) => {
  await signInThroughApi(page, 'owner');
  const { orgId } = await demoIds(page);
  await page.goto(`/org/${orgId}/dashboard`);
  const create = page.getByTestId('org-create-project');
  await expect(create).toBeVisible({ timeout: 30_000 });

  // Escape closes the modal and gives the focus back to what opened it.
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('create-project-name')).toBeVisible();
  await expectAccessible(page, 'create project dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('create-project-form')).toHaveCount(0);
  await expect(create).toBeFocused();

  const name = uniqueName('Keyboard');
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByTestId('create-project-name'), 20);
  await page.keyboard.type(name);
  await tabTo(page, page.getByTestId('create-project-submit'), 20);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('create-project-form')).toHaveCount(0);
  await expect(page.getByTestId('project-created-toast')).toContainText(name);
  await expect(create).toBeFocused();
});

test('the axe check fails a page with serious violations, as @axe-core/playwright finds them, and checks a checked page again once it changed', async ({ page }) => {
  // The check itself: axe runs in the page (a11y.ts's axeViolations, not AxeBuilder's two passes),
  // and a later state of a checked document is skipped only while not one node of it has changed.
  test.skip(process.env.A11Y === 'off', 'the axe checks are off (A11Y=off)');
  await page.goto('/login');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expectAccessible(page, 'self-test: before');
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/favicon.ico';
    const button = document.createElement('button');
    const faint = document.createElement('p');
    faint.textContent = 'Barely legible';
    faint.style.cssText = 'color: #eee; background: #fff';
    document.body.prepend(image, button, faint);
  });
  const failure = await expectAccessible(page, 'self-test: planted').then(
    () => '',
    (error: Error) => error.message,
  );
  expect(failure).toContain('critical image-alt');
  expect(failure).toContain('critical button-name');
  expect(failure).toContain('serious color-contrast');
  // The same violations as the library's own run on the same page.
  const ours = (await axeViolations(page)).map((violation) => `${violation.impact} ${violation.id} ${violation.nodes.length}`).sort();
  const library = (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
    .map((violation) => `${violation.impact} ${violation.id} ${violation.nodes.length}`)
    .sort();
  expect(ours).toEqual(library);
  // The planted page is not left for the end-of-test check.
  await page.goto('about:blank');
});
