import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../a11y.ts';
import { DeleteConfirmationDialog } from './organization-dialogs.ts';

/** /project/:projectId/setting: name, description, ownership, deletion. */
export class ProjectSettingsPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** From the project's dashboard, "Manage project". */
  async openFromDashboard() {
    await this.page.getByTestId('project-manage').click();
    await expect(this.page).toHaveURL(/\/project\/[0-9a-f-]{36}\/setting$/);
    await expect(this.page.getByTestId('project-setting-page')).toBeVisible();
    await expectAccessible(this.page);
  }

  async rename(name: string, description?: string) {
    await this.page.getByTestId('project-name-input').fill(name);
    if (description !== undefined) await this.page.getByTestId('project-description-input').fill(description);
    await this.page.getByTestId('project-settings-submit').click();
    await expect(this.page.getByTestId('project-settings-submit')).toBeDisabled();
    await expect(this.page.getByTestId('project-name-input')).toHaveValue(name);
  }

  deleteButton(): Locator {
    return this.page.getByTestId('project-delete');
  }

  /** Deletes the project (typing its name); the console goes to its organization's dashboard. */
  async delete(name: string) {
    await this.deleteButton().click();
    await new DeleteConfirmationDialog(this.page).confirmWithName(name);
    await expect(this.page).toHaveURL(/\/org\/[0-9a-f-]{36}\/dashboard$/);
  }
}
