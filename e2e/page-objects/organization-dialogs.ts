import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../a11y.ts';
import { containing } from './text.ts';

/** "Create organization" (a modal): the name is checked when it loses focus. */
export class CreateOrganizationDialog {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  nameInput(): Locator {
    return this.page.getByTestId('create-org-name');
  }

  async expectOpen() {
    await expect(this.nameInput()).toBeVisible();
  }

  /** Types a name and leaves the field, as a user moving on would. */
  async enterName(name: string) {
    await this.nameInput().fill(name);
    await this.nameInput().blur();
  }

  async expectNameError(message: string | RegExp) {
    await expect(this.nameInput()).toHaveAttribute('aria-invalid', 'true');
    await expect(this.nameInput()).toHaveAccessibleDescription(containing(message));
  }

  async submit() {
    await this.page.getByTestId('create-org-submit').click();
  }

  formError(): Locator {
    return this.page.getByTestId('create-org-form-error').first();
  }
}

/** "Create project" (a modal): organization, name, description; the organization's limit applies. */
export class CreateProjectDialog {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async expectOpen() {
    await expect(this.page.getByTestId('create-project-name')).toBeVisible();
    await expectAccessible(this.page, 'create project dialog');
  }

  async fill(name: string, description = '') {
    await this.page.getByTestId('create-project-name').fill(name);
    if (description) await this.page.getByTestId('create-project-description').fill(description);
  }

  async submit() {
    await this.page.getByTestId('create-project-submit').click();
  }

  async expectClosed() {
    await expect(this.page.getByTestId('create-project-form')).toHaveCount(0);
  }

  /** The note that the organization has reached its project limit (shown before submitting). */
  limitNote(): Locator {
    return this.page.getByTestId('create-project-at-limit');
  }

  formError(): Locator {
    return this.page.getByTestId('create-project-form-error').first();
  }

  async cancel() {
    await this.page.getByTestId('create-project-cancel').click();
    await this.expectClosed();
  }
}

/** The confirmation that asks for a name typed exactly before deleting. */
export class DeleteConfirmationDialog {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  submitButton(): Locator {
    return this.page.getByTestId('delete-confirm-submit');
  }

  async confirmWithName(name: string) {
    await this.page.getByTestId('delete-confirm-input').fill(name);
    await expect(this.submitButton()).toBeEnabled();
    await this.submitButton().click();
  }

  error(): Locator {
    return this.page.getByTestId('delete-confirm-error').first();
  }

  async cancel() {
    await this.page.getByTestId('delete-confirm-cancel').click();
    await expect(this.page.getByTestId('delete-confirm-modal')).toHaveCount(0);
  }
}


/** "Transfer ownership" of an organization or project: choose a member, confirm. */
export class TransferOwnershipDialog {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  form(): Locator {
    return this.page.getByTestId('transfer-ownership-form');
  }

  async expectOpen() {
    await expect(this.form()).toBeVisible();
  }

  /** Opens the member list; answers its options (name and email each). */
  async openCandidates(): Promise<Locator> {
    await this.page.getByTestId('transfer-ownership-select').locator('button').first().click();
    const options = this.page.getByTestId('transfer-ownership-select').getByRole('option');
    await expect(options.first()).toBeVisible();
    return options;
  }

  async choose(name: string) {
    await this.page.getByTestId('transfer-ownership-select').getByRole('option', { name: new RegExp(name) }).click();
  }

  async submit() {
    await this.page.getByTestId('transfer-ownership-submit').click();
  }

  async cancel() {
    await this.page.getByTestId('transfer-ownership-cancel').click();
    await expect(this.form()).toBeHidden();
  }
}
