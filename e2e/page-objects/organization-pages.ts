import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../a11y.ts';
import { CreateProjectDialog, DeleteConfirmationDialog, TransferOwnershipDialog } from './organization-dialogs.ts';
import { containing } from './text.ts';

/** /org/:orgId/dashboard: overview, the projects table (paged by the server), regions. */
export class OrgDashboardPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(orgId: string) {
    await this.page.goto(`/org/${orgId}/dashboard`);
    await expect(this.page.getByTestId('org-overview')).toBeVisible();
    await expectAccessible(this.page);
  }

  overview(): Locator {
    return this.page.getByTestId('org-overview');
  }

  projectsTable(): Locator {
    return this.page.getByTestId('org-projects');
  }

  async expectProjectCount(count: number) {
    await expect(this.projectsTable().getByRole('heading', { level: 2 })).toContainText(`(${count})`);
  }

  async startCreatingProject(): Promise<CreateProjectDialog> {
    await this.page.getByTestId('org-create-project').click();
    const dialog = new CreateProjectDialog(this.page);
    await dialog.expectOpen();
    return dialog;
  }

  async createProject(name: string, description = '') {
    const dialog = await this.startCreatingProject();
    await dialog.fill(name, description);
    await dialog.submit();
    await dialog.expectClosed();
    await expect(this.projectsTable().getByRole('link', { name, exact: true })).toBeVisible();
  }

  async openProject(name: string) {
    await this.projectsTable().getByRole('link', { name, exact: true }).click();
    await expect(this.page).toHaveURL(/\/project\/[0-9a-f-]{36}\/dashboard$/);
    await expect(this.page.getByTestId('project-overview')).toContainText(name);
    await expectAccessible(this.page);
  }

  async openSettings() {
    await this.page.getByTestId('org-manage').click();
    await expect(this.page).toHaveURL(/\/org\/[0-9a-f-]{36}\/setting$/);
    await expect(this.page.getByTestId('org-setting-page')).toBeVisible();
    await expectAccessible(this.page);
    return new OrgSettingsPage(this.page);
  }
}

/** /org/:orgId/setting: name, domain, regions, ownership, deletion. */
export class OrgSettingsPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(orgId: string) {
    await this.page.goto(`/org/${orgId}/setting`);
    await expect(this.page.getByTestId('org-setting-page')).toBeVisible();
    await expectAccessible(this.page);
  }

  domainInput(): Locator {
    return this.page.getByTestId('org-domain-input');
  }

  /** Types a domain; the console checks it with the server while the user types. */
  async typeDomain(domain: string) {
    await expect(this.domainInput()).toBeEnabled();
    await this.domainInput().fill(domain);
  }

  async expectDomainRefused(message: string | RegExp) {
    await expect(this.domainInput()).toHaveAttribute('aria-invalid', 'true');
    await expect(this.domainInput()).toHaveAccessibleDescription(containing(message));
  }

  async expectDomainAvailable(text: string | RegExp) {
    await expect(this.page.getByTestId('org-domain-status')).toHaveText(text);
    await expect(this.domainInput()).not.toHaveAttribute('aria-invalid', 'true');
  }

  async saveDomain() {
    await this.page.getByTestId('org-domain-submit').click();
    await expect(this.page.getByTestId('org-domain-submit')).toBeDisabled();
  }

  async rename(name: string) {
    await this.page.getByTestId('org-rename-name').fill(name);
    await this.page.getByTestId('org-rename-submit').click();
    await expect(this.page.getByTestId('org-rename-submit')).toBeDisabled();
  }

  renameInput(): Locator {
    return this.page.getByTestId('org-rename-name');
  }

  renameButton(): Locator {
    return this.page.getByTestId('org-rename-submit');
  }

  deleteButton(): Locator {
    return this.page.getByTestId('org-delete');
  }

  /** The tooltip a disabled action shows on hover: why the caller may not use it. */
  async disabledReasonOf(button: Locator): Promise<Locator> {
    await button.hover();
    return this.page.getByRole('tooltip');
  }

  transferOwnershipButton(): Locator {
    return this.page.getByTestId('org-ownership-transfer');
  }

  async startTransferringOwnership(): Promise<TransferOwnershipDialog> {
    await this.transferOwnershipButton().click();
    const dialog = new TransferOwnershipDialog(this.page);
    await dialog.expectOpen();
    return dialog;
  }

  async startDeleting(): Promise<DeleteConfirmationDialog> {
    await this.deleteButton().click();
    return new DeleteConfirmationDialog(this.page);
  }
}
