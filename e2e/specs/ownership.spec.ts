import { DEMO, expect, signInAs, test } from '../fixtures.ts';
import { OrgSettingsPage } from '../page-objects/organization-pages.ts';

test.describe('ownership transfer', () => {
  test('the owner chooses among the other members and is asked to confirm', async ({ page }) => {
    const shell = await signInAs(page, 'owner');
    await shell.switchToOrganization(DEMO.orgName);
    await page.getByTestId('org-manage').click();
    const settings = new OrgSettingsPage(page);
    await expect(page.getByTestId('org-setting-page')).toBeVisible();

    const dialog = await settings.startTransferringOwnership();
    const options = await dialog.openCandidates();
    await expect(options.filter({ hasText: DEMO.admin.name })).toHaveCount(1);
    await expect(options.filter({ hasText: DEMO.member.email })).toHaveCount(1);
    await expect(options.filter({ hasText: DEMO.owner.name })).toHaveCount(0);
    await dialog.choose(DEMO.admin.name);
    await dialog.submit();
    // The confirmation names the organization and the new owner; declining changes nothing.
    await expect(page.getByRole('dialog').filter({ hasText: '소유권을 양도하시겠습니까?' })).toContainText(DEMO.admin.name);
    await page.getByTestId('modal-cancel').click();
    await dialog.cancel();
    await expect(page.getByTestId('org-ownership-owner')).toContainText(DEMO.owner.name);
  });

  // A MEMBER sees "Transfer ownership" disabled, naming the OWNER role: permissions.spec.ts (the MEMBER's tour of the organization's pages).
});
