import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../a11y.ts';

/** The sign-in page (/login): member tab (email + password) and IAM tab (domain + ID + password). */
export class LoginPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(search = '') {
    await this.page.goto(`/login${search}`);
    await expect(this.page.getByTestId('login-page')).toBeVisible();
    await expectAccessible(this.page);
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/login(\?|$)/);
    await expect(this.page.getByTestId('login-page')).toBeVisible();
    await expectAccessible(this.page);
  }

  async signInAsMember(email: string, password: string) {
    await this.page.getByTestId('login-tab-member').click();
    await this.page.getByTestId('login-email').fill(email);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  async signInAsIam(userCode: string, password: string, domain?: string) {
    await this.page.getByTestId('login-tab-iam').click();
    if (domain !== undefined) await this.page.getByTestId('login-domain').fill(domain);
    await this.page.getByTestId('login-user-code').fill(userCode);
    await this.page.getByTestId('login-iam-password').fill(password);
    await this.page.getByTestId('login-iam-submit').click();
  }

  domainInput() {
    return this.page.getByTestId('login-domain');
  }

  formError() {
    return this.page.getByTestId('login-form-error').first();
  }
}
