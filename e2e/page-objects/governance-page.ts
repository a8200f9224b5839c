import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../a11y.ts';

/** /org/:orgId/governance: the IP ACL, the overseas access block and the lockout warning. */
export class GovernancePage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(orgId: string) {
    await this.page.goto(`/org/${orgId}/governance`);
    await expect(this.page.getByTestId('ip-acl-form')).toBeVisible({ timeout: 30_000 });
    await expectAccessible(this.page);
  }

  /**
   * Chooses an option and checks the select took it. Cloudscape's select opens on the trigger's
   * mousedown, chooses on the list's mouseup and closes on any focus or blur of its trigger: a
   * click that meets the list while it closes (focus moved by the form, a re-render of the page
   * under it) leaves the old value with no error, and the save stays disabled. The choice is
   * tried again until the trigger shows it.
   */
  private async choose(testId: string, option: RegExp) {
    const select = this.page.getByTestId(testId);
    const trigger = select.locator('button').first();
    await expect(async () => {
      if (!(await select.getByRole('option').first().isVisible())) await trigger.click();
      // An option's accessible name carries its state; its text is the label.
      await select.getByRole('option').filter({ hasText: option }).first().click({ timeout: 5_000 });
      await expect(trigger).toHaveText(option, { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
  }

  /** The country rule: USE with these countries (by code, as the options end "(KR)"). */
  async setCountryRule(codes: readonly string[]) {
    await this.choose('country-rule-setting', /(^|\s)(사용|Used)$/);
    // The choice made the form savable.
    await expect(this.page.getByTestId('country-rule-save')).toBeEnabled();
    const countries = this.page.getByTestId('country-rule-countries');
    for (const code of codes) {
      await countries.locator('button[aria-haspopup]').first().click();
      await countries.getByRole('option').filter({ hasText: new RegExp(`\\(${code}\\)`) }).first().click();
      await this.page.keyboard.press('Escape');
    }
  }

  saveCountryRule() {
    return this.page.getByTestId('country-rule-save').click();
  }

  countryRuleError(): Locator {
    return this.page.getByTestId('country-rule-form');
  }

  async setIpAcl(ips: string) {
    await this.choose('ip-acl-selection', /(설정\(|Set \()/);
    await this.page.getByTestId('ip-acl-ips').fill(ips);
  }

  saveIpAcl() {
    return this.page.getByTestId('ip-acl-save').click();
  }

  /** The lockout warning (a dialog). */
  lockoutDialog(): Locator {
    return this.page.getByRole('dialog').filter({ has: this.page.getByTestId('lockout-confirm') });
  }
}
