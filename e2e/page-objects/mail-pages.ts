import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../a11y.ts';

/** The dev outbox (/dev/outbox, from the account menu): mails kept instead of sent. */
export class DevOutboxPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async openFromMyMenu() {
    await this.page.getByTestId('my-menu').click();
    await this.page.getByTestId('dev-outbox').click();
    await expect(this.page).toHaveURL(/\/dev\/outbox$/);
    await expect(this.page.getByTestId('dev-outbox-page')).toBeVisible();
    await expectAccessible(this.page);
  }

  /** Shows an organization's mails (its OWNER and ADMINs) instead of the caller's own. */
  async showOrganization(optionText: string) {
    await this.page.getByTestId('dev-outbox-scope').locator('button').first().click();
    await this.page.getByTestId('dev-outbox-scope').getByRole('option', { name: optionText }).click();
  }

  mailTo(email: string): Locator {
    return this.page.getByTestId('dev-outbox-mail').filter({ has: this.page.getByTestId('dev-outbox-to').getByText(email, { exact: true }) });
  }

  /** Follows the link to a console page (`/invitation`, `/iam/password-setup`) in the newest mail to `email`. */
  async followLinkOfMailTo(email: string, path: string) {
    const mail = this.mailTo(email).first();
    // Mails are sent by a background job: refresh until it is there.
    await expect(async () => {
      if (!(await mail.isVisible())) await this.page.getByTestId('dev-outbox-refresh').click();
      await expect(mail).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await mail.getByTestId('dev-outbox-link').filter({ hasText: `${path}#token=` }).first().click();
  }
}

/** /invitation#token=…: the invitation's landing page. */
export class InvitationLandingPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async expectShown(orgName: string) {
    await expect(this.page).toHaveURL(/\/invitation/);
    await expect(this.page.getByTestId('invitation-page')).toContainText(orgName);
    await expectAccessible(this.page);
  }

  status(): Locator {
    return this.page.getByTestId('invitation-status');
  }

  async signOutOtherAccount() {
    await this.page.getByTestId('invitation-sign-out').click();
  }

  async signUp(name: string, password: string) {
    await expect(this.page.getByTestId('invitation-signup-form')).toBeVisible();
    await this.page.getByTestId('invitation-signup-name').fill(name);
    await this.page.getByTestId('invitation-signup-password').fill(password);
    await this.page.getByTestId('invitation-signup-password-confirm').fill(password);
    await this.page.getByTestId('invitation-signup-submit').click();
  }
}

/** /iam/password-setup#token=…: an IAM account sets its password. */
export class PasswordSetupPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async expectShown(userCode: string) {
    await expect(this.page).toHaveURL(/\/iam\/password-setup/);
    await expect(this.page.getByTestId('password-setup-user-code')).toHaveText(userCode);
    await expectAccessible(this.page);
  }

  async setPassword(password: string) {
    await this.page.getByTestId('password-setup-password').fill(password);
    await this.page.getByTestId('password-setup-password-confirm').fill(password);
    await this.page.getByTestId('password-setup-submit').click();
    await expect(this.page.getByTestId('password-setup-done')).toBeVisible();
  }

  async goToSignIn() {
    await this.page.getByTestId('password-setup-sign-in').click();
  }
}
