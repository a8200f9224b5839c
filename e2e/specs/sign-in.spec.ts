import { ConsoleShell } from '../page-objects/console-shell.ts';
import { LoginPage } from '../page-objects/login-page.ts';
import { DEMO, expect, test } from '../fixtures.ts';

test.describe('sign-in', () => {
  test('a demo member signs in in Korean, switches to English, keeps it after reload, and signs out', async ({ page, context }) => {
    const login = new LoginPage(page);
    const shell = new ConsoleShell(page);

    await page.goto('/');
    await login.expectShown();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');

    await login.signInAsMember(DEMO.owner.email, DEMO.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(shell.homeHeading()).toHaveText(`${DEMO.owner.name}님, 환영합니다`);
    await expect(shell.organizationCard(DEMO.orgName)).toBeVisible();

    await shell.switchLanguage('en_US');
    await expect(shell.homeHeading()).toHaveText(`Welcome, ${DEMO.owner.name}`);
    await page.reload();
    await expect(shell.homeHeading()).toHaveText(`Welcome, ${DEMO.owner.name}`);
    expect((await context.cookies()).find((cookie) => cookie.name === 'userLocale')?.value).toBe('en_US');

    await shell.signOut();
    await login.expectShown();
    await page.goto('/');
    await login.expectShown(); // the session is really gone
  });

  test('a wrong password shows the translated server error and stays on the form', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signInAsMember(DEMO.owner.email, 'not-the-password');
    await expect(login.formError()).toContainText('이메일 또는 비밀번호');
    await login.expectShown();
  });

  test('a signed-out visit to an organization page comes back there after sign-in', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signInAsMember(DEMO.owner.email, DEMO.password);
    await expect(new ConsoleShell(page).organizationCard(DEMO.orgName)).toBeVisible();
    await new ConsoleShell(page).organizationCard(DEMO.orgName).getByRole('link', { name: DEMO.orgName }).click();
    await expect(page).toHaveURL(/\/org\/[0-9a-f-]{36}\/dashboard$/);
    const orgDashboard = new URL(page.url()).pathname;

    await new ConsoleShell(page).signOut();
    await page.goto(orgDashboard);
    await login.expectShown();
    expect(new URL(page.url()).searchParams.get('nextUrl')).toBe(orgDashboard);
    await login.signInAsMember(DEMO.owner.email, DEMO.password);
    await expect(page).toHaveURL(new RegExp(`${orgDashboard}$`));
    await expect(page.getByTestId('org-overview')).toContainText(DEMO.orgName);
  });

  test('an IAM account signs in at its organization domain', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open(`?domain=${DEMO.iam.domain}`);
    await expect(login.domainInput()).toHaveValue(DEMO.iam.domain);
    await login.signInAsIam(DEMO.iam.userCode, DEMO.password);
    const shell = new ConsoleShell(page);
    await shell.expectSignedInAs(DEMO.iam.name);
    await expect(shell.organizationCard(DEMO.orgName)).toContainText('Data Platform');
    await expect(shell.organizationCard(DEMO.orgName)).not.toContainText('Web Service');
  });
});
