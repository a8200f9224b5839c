import { createOrganizationThroughApi, createProjectThroughApi, expect, signInThroughApi, test, uniqueName, useLanguage } from '../fixtures.ts';
import { ServicesPage } from '../page-objects/services-pages.ts';

test.describe('services, in English', () => {
  test('the owner enables Email, finds it in the left menu, opens its page and the Appkey modal, regenerates the SecretKey and disables it with the consent check', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Signed in, in English, an organization and a project of its own (the demo organization's
    // 5-project limit is shared by every spec): set up through the API, the forms are not the subject.
    await signInThroughApi(page, 'owner');
    await useLanguage(page, 'en_US');
    const orgId = await createOrganizationThroughApi(page, uniqueName('Services Org'));
    const projectName = uniqueName('Services');
    const projectId = await createProjectThroughApi(page, orgId, projectName);
    await page.goto(`/project/${projectId}/dashboard`);
    await expect(page.getByTestId('project-overview')).toContainText(projectName);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const services = new ServicesPage(page);
    await services.openFromSideNavigation('Services');
    await expect(services.row('Email')).toContainText('Not enabled');
    // The category as people read it, not the catalogue's slug ('notification').
    await expect(services.row('Email')).toContainText('Notification');
    await services.enable('Email', 'Enable');
    await expect(page.getByTestId('toast').first()).toContainText('Email is enabled.');
    await expect(services.row('Email')).toContainText('Enabled');

    // The left menu lists the service in use; its link opens the product page.
    const nav = page.getByTestId('side-navigation');
    await nav.getByRole('link', { name: 'Email', exact: true }).click();
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}\/notification\/email(#.*)?$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Email');
    await expect(page.getByTitle('Email console')).toHaveAttribute('src', /^\/product-proxy\/email\/.*projectId=.*appKey=/);

    // URL & Appkey: the keys, copy, and a regenerated SecretKey after the warning.
    await page.getByRole('button', { name: 'URL & Appkey' }).click();
    const modal = page.getByRole('dialog');
    const secret = modal.getByTestId('product-secretkey').locator('input');
    await expect(modal.getByTestId('product-appkey').locator('input')).toHaveValue(/^[A-Za-z0-9]{20}$/);
    const before = await secret.inputValue();
    expect(before).toMatch(/^[A-Za-z0-9]{32}$/);
    await modal.getByRole('button', { name: 'Copy SecretKey' }).click();
    await expect(page.getByTestId('toast').first()).toContainText('Copied.');
    await modal.getByRole('button', { name: 'Regenerate SecretKey' }).click();
    const warning = page.getByRole('dialog').filter({ hasText: 'stops working at once' });
    await warning.getByRole('button', { name: 'Regenerate SecretKey' }).click();
    await expect(secret).not.toHaveValue(before);
    await expect(secret).toHaveValue(/^[A-Za-z0-9]{32}$/);
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();

    // Disable: nothing happens until the consent is checked.
    await services.openFromSideNavigation('Services');
    const dialog = await services.disable('Email', 'Disable');
    await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(dialog).toContainText('Check the box to agree to the data deletion.');
    await dialog.getByText('I understand that the data of this service will be deleted.').click();
    await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(page.getByTestId('toast').first()).toContainText('Email is disabled.');
    await expect(services.row('Email')).toContainText('Not enabled');
    await expect(nav.getByRole('link', { name: 'Email', exact: true })).toHaveCount(0);
  });
});
