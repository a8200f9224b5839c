import type { Page } from '@playwright/test';
import { DEMO, expect, signInThroughApi, test } from '../fixtures.ts';

/**
 * The command palette (issue 16): Ctrl+K anywhere in the signed-in console, found by names in any
 * of the four languages, driven by the keyboard alone; actions the user may not do are listed,
 * disabled, with the permission that is missing.
 */

async function demoOrgId(page: Page) {
  const orgs = (await (await page.request.get('/api/cab/v7/organizations')).json()) as { orgs: { orgId: string; orgName: string }[] };
  return orgs.orgs.find((org) => org.orgName === DEMO.orgName)!.orgId;
}

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('command-palette-input').locator('input');
  await expect(input).toBeFocused();
  return input;
}

test.describe('as the demo OWNER', () => {
  // Signed in through the API only: the test opens the organization's dashboard first.
  test.beforeEach(({ page }) => signInThroughApi(page, 'owner'));

  test('finds a page by its Japanese name and a member by name, and goes there with the keyboard', async ({ page }) => {
    const orgId = await demoOrgId(page);
    await page.goto(`/org/${orgId}/dashboard`);
    await expect(page.getByTestId('org-overview')).toBeVisible({ timeout: 30_000 });

    const input = await openPalette(page);
    await input.fill('組織メンバー');
    await expect(page.getByTestId('command-palette-option').first()).toHaveAttribute('data-kind', 'page');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/org/${orgId}/member$`));
    await expect(page.getByTestId('command-palette')).toHaveCount(0);

    // Members are searched on the server as the user types.
    await openPalette(page);
    await page.keyboard.type(DEMO.member.name.split(' ')[0]!);
    const member = page.getByTestId('command-palette-option').filter({ hasText: DEMO.member.name });
    await expect(member).toHaveAttribute('data-kind', 'member');
    await member.click();
    await expect(page).toHaveURL(new RegExp(`/org/${orgId}/member/cloud/modify\\?memberId=`));
  });
});

test.describe('as the demo MEMBER', () => {
  test.beforeEach(({ page }) => signInThroughApi(page, 'member'));

  test('lists an action the user may not do, disabled, with the permission it needs; Escape closes', async ({ page }) => {
    const orgId = await demoOrgId(page);
    await page.goto(`/org/${orgId}/dashboard`);
    await expect(page.getByTestId('org-overview')).toBeVisible({ timeout: 30_000 });
    const input = await openPalette(page);
    await input.fill('초대');
    const invite = page.getByTestId('command-palette-option').filter({ has: page.getByTestId('command-palette-disabled-reason') }).first();
    await expect(invite).toHaveAttribute('aria-disabled', 'true');
    await expect(invite.getByTestId('command-palette-disabled-reason')).toContainText('Organization.Member.Create');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/org/${orgId}/dashboard$`));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('command-palette')).toHaveCount(0);
  });
});
