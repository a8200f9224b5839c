import { expect, type Page } from '@playwright/test';

/** The signed-in shell: top navigation (language, my-menu, switchers) around the current page. */
export class ConsoleShell {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async expectSignedInAs(userName: string) {
    await expect(this.page.getByTestId('my-menu')).toHaveText(userName);
  }

  /** Signed in, the language is in the my-menu; on public pages, the top bar's selector. */
  async switchLanguage(locale: 'ko_KR' | 'en_US' | 'ja_JP' | 'zh_CN') {
    const myMenu = this.page.getByTestId('my-menu');
    await (await myMenu.isVisible() ? myMenu : this.page.getByTestId('language-selector')).click();
    await this.page.getByTestId(`language-${locale}`).click();
    // The document's language tag: `ko`, `en`, `ja`, and `zh-CN` for Simplified Chinese.
    await expect(this.page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale.slice(0, 2)}(-|$)`));
  }

  async signOut() {
    await this.page.getByTestId('my-menu').click();
    await this.page.getByTestId('sign-out').click();
  }

  /** Opens "IAM account information" from the account menu (IAM account holders only). */
  async openIamInformation() {
    await this.page.getByTestId('my-menu').click();
    await this.page.getByTestId('iam-information').click();
    await expect(this.page).toHaveURL(/\/iam-information$/);
  }

  /** The entries of the account menu, opened and closed again. */
  async myMenuEntries(): Promise<string[]> {
    await this.page.getByTestId('my-menu').click();
    // Plain entries and the one-of choices (language, theme, density: `menuitemcheckbox`), in order —
    // read once the menu shows (its code may still be coming in as it opens; the last entry is sign-out).
    const items = this.page.locator('[role="menuitem"], [role="menuitemcheckbox"]');
    await expect(this.page.getByTestId('sign-out')).toBeVisible();
    const entries = await items.allTextContents();
    await this.page.keyboard.press('Escape');
    return entries.map((entry) => entry.trim());
  }

  /** Opens "My roles" from the account menu. */
  async openMyRoles() {
    await this.page.getByTestId('my-menu').click();
    await this.page.getByTestId('my-roles').click();
    await expect(this.page).toHaveURL(/\/roles\/organizations$/);
  }

  /** Goes to another organization's dashboard with the organization switcher. */
  async switchToOrganization(orgName: string) {
    await this.page.getByTestId('org-switcher').click();
    await this.page.getByRole('menuitem', { name: orgName, exact: true }).click();
    await expect(this.page).toHaveURL(/\/org\/[0-9a-f-]{36}\/dashboard$/);
    await expect(this.page.getByTestId('org-switcher')).toHaveText(orgName);
  }

  homeHeading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  organizationCard(orgName: string) {
    return this.page.locator('[data-testid^="home-org-"]').filter({ hasText: orgName });
  }

  notFoundPage() {
    return this.page.getByTestId('not-found-page');
  }

  /** "No permission for this project": a project the caller cannot see. */
  projectNoPermission() {
    return this.page.getByTestId('project-no-permission');
  }

  sideNavigation() {
    return this.page.getByTestId('side-navigation');
  }

  /** The toast shown now (toasts queue and show one at a time). */
  toast() {
    return this.page.getByTestId('toast');
  }
}
