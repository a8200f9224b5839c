import { DEMO, expect, test, uniqueDomain, uniqueName } from '../fixtures.ts';
import { HomePage } from '../page-objects/home-page.ts';
import { OrgDashboardPage } from '../page-objects/organization-pages.ts';

test.describe('organizations in Japanese', () => {
  test.use({ signedInAs: 'billing' });

  test('after switching to Japanese, the name rule, a domain refusal and a creation read in Japanese', async ({ page, shell }) => {
    await shell.switchLanguage('ja_JP');
    await expect(shell.homeHeading()).toHaveText(`ようこそ、${DEMO.billing.name}さん`);

    const home = new HomePage(page);
    const dialog = await home.startCreatingOrganization();
    await dialog.enterName('不正な名前!');
    await dialog.expectNameError('英字、ハングル、日本語、漢字、数字、空白と . _ - のみ使用できます。');
    const orgName = uniqueName('E2E 日本語の組織');
    await dialog.enterName(orgName);
    await dialog.submit();
    await expect(page).toHaveURL(/\/org\/[0-9a-f-]{36}\/dashboard$/);
    await expect(shell.toast()).toContainText(`組織「${orgName}」を作成しました。`);

    const dashboard = new OrgDashboardPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(orgName);
    await expect(page.getByTestId('org-overview-domain')).toHaveText('未設定');
    await dashboard.createProject('日本語のプロジェクト', '説明です');
    await dashboard.expectProjectCount(1);

    const settings = await dashboard.openSettings();
    await settings.typeDomain('my-admin');
    await settings.expectDomainRefused('ドメインに使用できない単語が含まれています。');
    await settings.typeDomain(uniqueDomain('ja'));
    await settings.expectDomainAvailable('使用できるドメインです。');
  });
});
