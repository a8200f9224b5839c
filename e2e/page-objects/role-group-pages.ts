import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../a11y.ts';

/** /project/:projectId/role-group: the project's role groups and the organization's common ones. */
export class ProjectRoleGroupsPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** From any page of the project, the side navigation's "Role groups". */
  async openFromSideNavigation(linkText: string) {
    await this.page.getByTestId('side-navigation').getByRole('link', { name: linkText, exact: true }).click();
    await expect(this.page).toHaveURL(/\/project\/[0-9a-f-]{36}\/role-group$/);
    await expect(this.page.getByTestId('role-groups-table')).toBeVisible();
    await expectAccessible(this.page);
  }

  row(name: string): Locator {
    return this.page.getByTestId('role-groups-table').getByRole('row').filter({ hasText: name });
  }

  async startAdding(): Promise<RoleGroupForm> {
    await this.page.getByTestId('role-group-add').click();
    await expect(this.page).toHaveURL(/\/role-group\/add$/);
    return new RoleGroupForm(this.page);
  }

  async open(name: string): Promise<RoleGroupForm> {
    await this.row(name).getByTestId('role-group-link').click();
    await expect(this.page).toHaveURL(/\/role-group\/modify\/[0-9a-f-]{36}$/);
    // The form shows once the group is loaded.
    await expect(this.page.getByTestId('role-group-name')).toHaveValue(name);
    await expectAccessible(this.page);
    return new RoleGroupForm(this.page);
  }

  async delete(name: string) {
    await this.row(name).getByRole('radio').check();
    await this.page.getByTestId('role-group-delete').click();
    await this.page.getByTestId('modal-confirm').click();
    await expect(this.row(name)).toHaveCount(0);
  }
}

/** The role group form (add and modify): name, roles with deny and conditions, members, then the preview. */
export class RoleGroupForm {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  name(): Locator {
    return this.page.getByTestId('role-group-name');
  }

  /** Picks a role of the catalogue by its name (the picker filters as it is typed). */
  async addRole(roleName: string) {
    const picker = this.page.getByTestId('role-group-role-picker');
    await picker.getByRole('button').first().click();
    await this.page.keyboard.type(roleName);
    await this.page.getByRole('option', { name: new RegExp(`^${roleName}`) }).first().click();
    await this.page.keyboard.press('Escape');
    await expect(this.page.getByTestId('role-group-role-0')).toContainText(roleName);
  }

  /** Sets the role's first condition to "Time between from and to" (adding the condition if there is none). */
  async setTimeWindow(roleIndex: number, from: string, to: string) {
    const prefix = `role-group-role-${roleIndex}-condition`;
    await expect(this.page.getByTestId(`role-group-role-${roleIndex}`)).toBeVisible();
    if ((await this.page.getByTestId(`${prefix}-0`).count()) === 0) await this.page.getByTestId(`${prefix}-add`).click();
    for (const [part, value] of [
      ['from', from],
      ['to', to],
    ] as const) {
      const input = this.page.getByTestId(`${prefix}-0-${part}`).locator('input');
      await input.fill('');
      await input.pressSequentially(value.replace(':', ''));
      await expect(input).toHaveValue(value);
    }
  }

  conditionError(roleIndex: number, conditionIndex: number): Locator {
    return this.page.getByTestId(`role-group-role-${roleIndex}-condition-${conditionIndex}-error`);
  }

  async assignMember(name: string) {
    await this.page.getByTestId('role-group-members').getByRole('button').first().click();
    await this.page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    await this.page.keyboard.press('Escape');
  }

  /** Saves: the preview of what changes shows first; answers it, for checks, before confirming. */
  async saveWithPreview(check: (preview: Locator) => Promise<void>) {
    await this.page.getByTestId('role-group-submit').click();
    const preview = this.page.getByRole('dialog').filter({ has: this.page.getByTestId('role-group-preview') });
    await expect(preview).toBeVisible();
    await check(preview);
    await preview.getByTestId('modal-confirm').click();
    await expect(this.page).toHaveURL(/\/role-group$/);
  }
}
