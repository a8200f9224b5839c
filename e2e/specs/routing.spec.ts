import { ConsoleShell } from '../page-objects/console-shell.ts';
import { DEMO, expect, signInAs, test } from '../fixtures.ts';

test.describe('routing', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'owner');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(new ConsoleShell(page).notFoundPage()).toBeVisible();
    await page.goto('/error/no-such-error');
    await expect(new ConsoleShell(page).notFoundPage()).toBeVisible();
  });

  test('legacy paths redirect to their current spelling, keeping the rest of the path and the search', async ({ page }) => {
    await page.goto('/securitySetting?tab=ip');
    await expect(page).toHaveURL(/\/security-setting\?tab=ip$/);
    await page.goto('/org/00000000-0000-4000-8000-000000000000/customDashboard/dashboard');
    await expect(page).toHaveURL(/\/org\/00000000-0000-4000-8000-000000000000\/custom-dashboard\/dashboard$/);
  });

  test("a project of no organization of the caller's says there is no permission for it, in the shell (40017)", async ({ page }) => {
    await page.goto('/project/00000000-0000-4000-8000-000000000000/dashboard');
    const shell = new ConsoleShell(page);
    await expect(shell.projectNoPermission()).toBeVisible();
    await expect(page).toHaveURL(/\/project\/00000000-0000-4000-8000-000000000000\/dashboard$/);
    await shell.expectSignedInAs(DEMO.owner.name);
  });

  test('the error pages of the spec exist', async ({ page }) => {
    for (const id of ['maintenance', 'ip-acl', 'country-ip-acl', 'unpaid', 'expired', 'not-exist-service', 'forbidden', 'invalid-request']) {
      await page.goto(`/error/${id}`);
      await expect(page.getByTestId(`error-page-${id}`)).toBeVisible();
    }
  });
});
