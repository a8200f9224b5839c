import { expect, type Page } from '@playwright/test';

/** The project's Services page and a product page (issue 9). */
export class ServicesPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async openFromSideNavigation(linkText: string) {
    await this.page.getByTestId('side-navigation').getByRole('link', { name: linkText, exact: true }).click();
    await expect(this.page).toHaveURL(/\/project\/[0-9a-f-]{36}\/services$/);
    await expect(this.page.getByTestId('services-table')).toBeVisible();
  }

  row(serviceName: string) {
    return this.page.getByTestId('services-table').getByRole('row').filter({ hasText: serviceName });
  }

  async enable(serviceName: string, enableText: string) {
    await this.row(serviceName).getByRole('button', { name: `${enableText} ${serviceName}` }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: enableText, exact: true }).click();
  }

  async disable(serviceName: string, disableText: string) {
    await this.row(serviceName).getByRole('button', { name: `${disableText} ${serviceName}` }).click();
    return this.page.getByRole('dialog');
  }
}
