import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../a11y.ts';
import { CreateOrganizationDialog } from './organization-dialogs.ts';

/** / : the caller's organizations and projects, and the create actions. */
export class HomePage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open() {
    await this.page.goto('/');
    await expect(this.page.getByTestId('home-create-organization')).toBeVisible();
    await expectAccessible(this.page);
  }

  async startCreatingOrganization(): Promise<CreateOrganizationDialog> {
    await this.page.getByTestId('home-create-organization').click();
    const dialog = new CreateOrganizationDialog(this.page);
    await dialog.expectOpen();
    return dialog;
  }

  /** Creates an organization; the console then opens its dashboard. Answers the new organization's id. */
  async createOrganization(name: string): Promise<string> {
    const dialog = await this.startCreatingOrganization();
    await dialog.enterName(name);
    await dialog.submit();
    await expect(this.page).toHaveURL(/\/org\/[0-9a-f-]{36}\/dashboard$/);
    await expect(this.page.getByTestId('org-overview')).toContainText(name);
    return /\/org\/([0-9a-f-]{36})\//.exec(this.page.url())![1]!;
  }

  /** The note on an organization's card about its projects the caller is not a member of. */
  notMemberNote(orgName: string) {
    return this.page.locator('[data-testid^="home-org-"]').filter({ hasText: orgName }).getByTestId('home-org-not-member');
  }
}
