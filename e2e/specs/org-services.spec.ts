import { createOrganizationThroughApi, createProjectThroughApi, DEMO, expect, signInThroughApi, test, uniqueName, useLanguage } from '../fixtures.ts';
import { CONSOLE_SERVICE_CALLS, consoleCall, EmailProductUi, productProxyUrl } from '../page-objects/email-product.ts';

/**
 * The organization service shipped with the console, Email Insights (served by the Email
 * process): a project sends mail with Email; the organization OWNER enables Email Insights with
 * themselves as its SaaS OWNER, opens its page, sees the project's mail counted in the frame, and
 * disables it again with the consent to data deletion.
 */
test.describe('organization services, in English', () => {
  test('the owner enables Email Insights with a SaaS OWNER and sees the mail of the organization per project in its page', async ({ page }) => {
    test.setTimeout(240_000);
    // Signed in, in English, an organization and a project of its own: through the API (the forms are not the subject).
    await signInThroughApi(page, 'owner');
    await useLanguage(page, 'en_US');
    const orgId = await createOrganizationThroughApi(page, uniqueName('Insights Org'));
    const projectName = uniqueName('Insights');
    const projectId = await createProjectThroughApi(page, orgId, projectName);

    // The project sends one mail with Email (its SecretKey pasted in the product's Settings).
    expect((await consoleCall(page, 'POST', CONSOLE_SERVICE_CALLS.enable(projectId), {})).status).toBe(200);
    const inUse = (await consoleCall(page, 'GET', CONSOLE_SERVICE_CALLS.productInUse(projectId))).body as { product: { secretKey: string } };
    const product = new EmailProductUi(page);
    await page.goto(productProxyUrl(projectId, '/settings'));
    await product.pasteSecretKey(inUse.product.secretKey);
    await expect(product.keyState()).toHaveClass(/ok/);
    await product.openTab('send');
    await product.send({ to: [DEMO.member.email], subject: uniqueName('Counted'), body: 'Counted by Email Insights.' });
    await expect(product.alert()).toContainText('Mail sent.');

    // The organization's services: Email Insights, not enabled; enabled with the SaaS OWNER chosen.
    await page.goto(`/org/${orgId}/services`);
    const table = page.getByTestId('org-services-table');
    const row = table.getByRole('row').filter({ hasText: 'Email Insights' });
    await expect(row).toContainText('Not enabled');
    await row.getByRole('button', { name: 'Enable Email Insights' }).click();
    const form = page.getByTestId('org-service-enable-form');
    await page.getByTestId('org-service-enable-submit').click();
    await expect(form).toContainText('This field is required.');
    const owner = page.getByTestId('org-service-owner');
    await owner.locator('button[aria-haspopup]').first().click();
    await owner.getByRole('option').filter({ hasText: DEMO.owner.name }).first().click();
    await page.getByTestId('org-service-enable-submit').click();
    await expect(form).toHaveCount(0);
    await expect(row).toContainText('Enabled');

    // Its page frames the service through the proxy's organization mode: the project's mail, counted.
    await row.getByRole('link', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`/org/${orgId}/email-insights$`));
    await expect(page.getByTestId('saas-members-table')).toContainText(DEMO.owner.name);
    const frameElement = page.getByTestId('org-product-frame');
    await expect(frameElement).toHaveAttribute('src', new RegExp(`^/product-proxy/email-insights/org\\?orgId=${orgId}&lang=en`));
    const frame = page.frameLocator('[data-testid="org-product-frame"]');
    await expect(frame.getByText("Mail the organization's projects sent with the Email product, counted per recipient.")).toBeVisible();
    const projectRow = frame.locator(`tr[data-project-id="${projectId}"]`);
    // Named from the console's project list read as the viewer (the product keeps only ids).
    await expect(projectRow.locator('td.project')).toHaveText(projectName);
    await expect(projectRow.locator('td.num').nth(0)).toHaveText('1');
    await expect(projectRow.locator('td.num').nth(1)).toHaveText('1');
    await frame.getByRole('link', { name: 'All time' }).click();
    await expect(frame.locator(`tr[data-project-id="${projectId}"] td.num`).nth(1)).toHaveText('1');
    // The frame follows the console's theme chosen on its page, live (console:ready / console:theme):
    // it stays on the period the person chose, and its own address now carries the dark theme.
    await page.getByTestId('my-menu').click();
    await page.getByTestId('theme-dark').click();
    await expect(frame.locator('html')).toHaveAttribute('data-theme', 'dark');
    const frameAddress = () => frame.locator('html').evaluate(() => Object.fromEntries(new URL(window.location.href).searchParams));
    await expect.poll(frameAddress).toMatchObject({ theme: 'dark', period: 'all' });

    // Disabling it asks for the consent to data deletion; after, the row shows it not enabled.
    await page.goto(`/org/${orgId}/services`);
    await expect(row).toContainText('Enabled');
    await row.getByRole('button', { name: 'Disable Email Insights' }).click();
    const disableForm = page.getByTestId('disable-service-form');
    await expect(disableForm).toContainText('deletes its data in this organization');
    await page.getByTestId('disable-service-submit').click();
    await expect(disableForm).toContainText('Check the box to agree to the data deletion.');
    await page.getByTestId('disable-consent').check();
    await page.getByTestId('disable-service-submit').click();
    await expect(disableForm).toHaveCount(0);
    await expect(row).toContainText('Not enabled');
    await expect(row.getByRole('button', { name: 'Enable Email Insights' })).toBeVisible();
  });
});
