import { ConsoleShell } from '../page-objects/console-shell.ts';
import { DEMO, expect, signInThroughApi, test, uniqueName } from '../fixtures.ts';
import { consoleCall } from '../page-objects/email-product.ts';

test.describe('routing', () => {
  // Signed in through the API only: every test opens its own page first, so the home page is not loaded for nothing.
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, 'owner');
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

  test("the custom dashboard's alarm pages: unknown alarm paths go to management; add chooses the project, then the project's form", async ({ page }) => {
    const org = await consoleCall(page, 'POST', '/api/cab/v5/organizations', { org: { orgName: uniqueName('Routing Org') } });
    expect(org.status, JSON.stringify(org.body)).toBe(200);
    const orgId = (org.body.org as { orgId: string }).orgId;
    const projectName = uniqueName('Routing');
    expect((await consoleCall(page, 'POST', '/api/cab/v5/projects', { orgId, projectName })).status).toBe(200);

    for (const base of [`/org/${orgId}/custom-dashboard/alarm`, `/org/${orgId}/alarm`]) {
      await page.goto(`${base}/no/such/alarm/page`);
      await expect(page).toHaveURL(new RegExp(`${base}/management$`));
      await expect(page.getByTestId('alarm-list')).toBeVisible();
    }
    await page.goto(`/org/${orgId}/custom-dashboard/alarm/management`);
    await page.getByTestId('alarm-add').click();
    await expect(page).toHaveURL(new RegExp(`/org/${orgId}/custom-dashboard/alarm/add$`));
    await expect(page.getByTestId('alarm-form')).toHaveCount(0);
    await page.getByTestId('alarm-project').locator('button').first().click();
    await page.getByTestId('alarm-project').getByRole('option').filter({ hasText: projectName }).click();
    await expect(page.getByTestId('alarm-name')).toBeVisible();
    await page.getByTestId('alarm-cancel').click();
    await expect(page).toHaveURL(new RegExp(`/org/${orgId}/custom-dashboard/alarm$|/org/${orgId}/custom-dashboard/alarm/management$`));
  });

  test('the error pages of the spec exist', async ({ page }) => {
    for (const id of ['maintenance', 'ip-acl', 'country-ip-acl', 'unpaid', 'expired', 'not-exist-service', 'forbidden', 'invalid-request']) {
      await page.goto(`/error/${id}`);
      await expect(page.getByTestId(`error-page-${id}`)).toBeVisible();
    }
  });
});
