import { DEMO, expect, signInAs, test } from '../fixtures.ts';
import { LoginPage } from '../page-objects/login-page.ts';
import { DevOutboxPage, PasswordSetupPage } from '../page-objects/mail-pages.ts';
import { IamAccountsTab, OrgMembersPage } from '../page-objects/member-pages.ts';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

test.describe('IAM accounts, in Korean', () => {
  test('the owner creates an IAM account, sends its password-setup mail; the link sets the password and it signs in at the domain', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const id = stamp();
    const account = { userCode: `iam.${id}`, name: `IAM.${id}`, email: `iam-${id}@example.com` };
    const password = 'IamSetup#2026x';

    const login = new LoginPage(page);
    const shell = await signInAs(page, 'owner');
    await shell.switchToOrganization(DEMO.orgName);
    const members = new OrgMembersPage(page);
    await members.openFromSideNavigation('멤버 관리');
    const iam = new IamAccountsTab(page);
    await iam.open();
    await expect(iam.row(DEMO.iam.userCode)).toContainText('IAM 계정');

    // An ID in use is refused next to the ID field (-200204).
    await iam.create({ ...account, userCode: DEMO.iam.userCode });
    await iam.expectUserCodeError('이미');
    await page.getByTestId('iam-create-form-user-code').fill(account.userCode);
    await page.getByTestId('iam-create-form-submit').click();
    await expect(page.getByTestId('iam-create-form')).toBeHidden();
    await expect(iam.row(account.userCode)).toContainText(account.email);

    await iam.select(account.userCode);
    await iam.sendPasswordSetupMail();
    await expect(page.getByTestId('toast').first()).toContainText(account.email);

    const outbox = new DevOutboxPage(page);
    await outbox.openFromMyMenu();
    await outbox.showOrganization(DEMO.orgName);
    await outbox.followLinkOfMailTo(account.email, '/iam/password-setup');

    const setup = new PasswordSetupPage(page);
    await setup.expectShown(account.userCode);
    await setup.setPassword(password);
    await setup.goToSignIn();
    await expect(page).toHaveURL(new RegExp(`/login\\?domain=${DEMO.iam.domain}$`));
    await login.expectShown();
    await expect(login.domainInput()).toHaveValue(DEMO.iam.domain);
    await login.signInAsIam(account.userCode, password);
    await shell.expectSignedInAs(account.name);
  });

  test('the owner edits, suspends, re-allows and deletes an IAM account, each confirmed', async ({ page }) => {
    const id = stamp();
    const account = { userCode: `iam.edit.${id}`, name: `IAM.${id}`, email: `iam-edit-${id}@example.com` };

    const shell = await signInAs(page, 'owner');
    await shell.switchToOrganization(DEMO.orgName);
    const members = new OrgMembersPage(page);
    await members.openFromSideNavigation('멤버 관리');
    const iam = new IamAccountsTab(page);
    await iam.open();
    await iam.create(account);
    await expect(page.getByTestId('iam-create-form')).toBeHidden();

    await iam.select(account.userCode);
    await page.getByTestId('iam-edit').click();
    await expect(page).toHaveURL(/\/member\/iam\/modify\?memberId=/);
    await page.getByTestId('iam-edit-form-name').fill(`${account.name}.edited`);
    await page.getByTestId('iam-edit-form-submit').click();
    await expect(page).toHaveURL(/\/member\?tab=iam$/);
    await expect(iam.row(account.userCode)).toContainText(`${account.name}.edited`);

    await iam.select(account.userCode);
    await page.getByTestId('iam-suspend').click();
    await page.getByTestId('modal-confirm').click();
    await expect(iam.row(account.userCode)).toContainText('이용 정지');

    await iam.select(account.userCode);
    await page.getByTestId('iam-allow').click();
    await page.getByTestId('modal-confirm').click();
    await expect(iam.row(account.userCode)).toContainText('정상');

    await iam.select(account.userCode);
    await page.getByTestId('iam-delete').click();
    await page.getByTestId('modal-confirm').click();
    await expect(iam.row(account.userCode)).toHaveCount(0);
  });
});
