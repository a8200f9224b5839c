import { expect, type Locator, type Page } from '@playwright/test';

/** /roles: the caller's roles, by organization and by project. */
export class RolesPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  organizationRow(orgName: string): Locator {
    return this.page.getByTestId('roles-org-table').getByRole('row').filter({ hasText: orgName });
  }

  async showProjects() {
    await this.page.getByTestId('roles-tab-projects').click();
    await expect(this.page).toHaveURL(/\/roles\/projects$/);
  }

  projectRow(projectName: string): Locator {
    return this.page.getByTestId('roles-project-table').getByRole('row').filter({ hasText: projectName });
  }
}
