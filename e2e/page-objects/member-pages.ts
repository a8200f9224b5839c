import { expect, type Locator, type Page } from '@playwright/test';
import { containing } from './text.ts';

/** /org/:orgId/member: cloud members and invitations, one tab each. */
export class OrgMembersPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** From an organization page, the side navigation's "Members". */
  async openFromSideNavigation(linkText: string) {
    await this.page.getByTestId('side-navigation').getByRole('link', { name: linkText, exact: true }).click();
    await expect(this.page).toHaveURL(/\/org\/[0-9a-f-]{36}\/member$/);
    await expect(this.page.getByTestId('org-members-page')).toBeVisible();
  }

  membersTable(): Locator {
    return this.page.getByTestId('org-members-table');
  }

  invitationsTable(): Locator {
    return this.page.getByTestId('org-invitations-table');
  }

  memberRow(email: string): Locator {
    return this.membersTable().getByRole('row').filter({ hasText: email });
  }

  invitationRow(email: string): Locator {
    return this.invitationsTable().getByRole('row').filter({ hasText: email });
  }

  inviteButton(): Locator {
    return this.page.getByTestId('org-member-invite');
  }

  async searchMembers(text: string) {
    await this.page.getByTestId('org-members-search').locator('input').fill(text);
  }

  async showInvitations() {
    await this.page.getByTestId('org-members-tab-invitations').click();
    await expect(this.invitationsTable()).toBeVisible();
  }

  async selectInvitation(email: string) {
    await this.invitationRow(email).getByRole('radio').check();
  }

  async resendSelectedInvitation() {
    await this.page.getByTestId('org-invitation-resend').click();
  }

  async cancelSelectedInvitation() {
    await this.page.getByTestId('org-invitation-cancel').click();
    await this.page.getByTestId('modal-confirm').click();
  }

  async startInviting(): Promise<InviteMembersPage> {
    await this.inviteButton().click();
    const invite = new InviteMembersPage(this.page);
    await invite.expectShown();
    return invite;
  }
}

/** /org/:orgId/member/cloud/add: emails, one field each, and organization roles. */
export class InviteMembersPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/member\/cloud\/add$/);
    await expect(this.page.getByTestId('org-invite-form')).toBeVisible();
  }

  email(index: number): Locator {
    return this.page.getByTestId(`org-invite-email-${index}`);
  }

  async addEmailField() {
    await this.page.getByTestId('org-invite-add-email').click();
  }

  async expectEmailError(index: number, message: string) {
    await expect(this.email(index)).toHaveAccessibleDescription(containing(message));
  }

  async submit() {
    await this.page.getByTestId('org-invite-submit').click();
  }
}

/** The "IAM accounts" tab of /org/:orgId/member. */
export class IamAccountsTab {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open() {
    await this.page.getByTestId('org-members-tab-iam').click();
    await expect(this.table()).toBeVisible();
  }

  table(): Locator {
    return this.page.getByTestId('iam-table');
  }

  row(userCode: string): Locator {
    return this.table().getByRole('row').filter({ hasText: userCode });
  }

  async create(account: { userCode: string; name: string; email: string }) {
    await this.page.getByTestId('iam-create').click();
    await expect(this.page.getByTestId('iam-create-form')).toBeVisible();
    await this.page.getByTestId('iam-create-form-user-code').fill(account.userCode);
    await this.page.getByTestId('iam-create-form-name').fill(account.name);
    await this.page.getByTestId('iam-create-form-email').fill(account.email);
    await this.page.getByTestId('iam-create-form-submit').click();
  }

  async expectUserCodeError(message: string) {
    await expect(this.page.getByTestId('iam-create-form-user-code')).toHaveAccessibleDescription(containing(message));
  }

  async select(userCode: string) {
    await this.row(userCode).getByRole('radio').check();
  }

  async sendPasswordSetupMail() {
    await this.page.getByTestId('iam-password-mail').click();
    await this.page.getByTestId('modal-confirm').click();
  }
}

/** /project/:projectId/member: the project's members, add (modal), modify roles (modal), remove. */
export class ProjectMembersPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async openFromSideNavigation(linkText: string) {
    await this.page.getByTestId('side-navigation').getByRole('link', { name: linkText, exact: true }).click();
    await expect(this.page).toHaveURL(/\/project\/[0-9a-f-]{36}\/member$/);
    await expect(this.table()).toBeVisible();
  }

  table(): Locator {
    return this.page.getByTestId('project-members-table');
  }

  row(text: string): Locator {
    return this.table().getByRole('row').filter({ hasText: text });
  }

  async select(text: string) {
    await this.row(text).getByRole('radio').check();
  }

  formError(): Locator {
    return this.page.getByTestId('project-member-form-error').first();
  }

  /** Clicks these roles (by their shown names) in the open member form: each is added or taken away. */
  async toggleRoles(names: readonly string[]) {
    const roles = this.page.getByTestId('project-member-roles');
    // The trigger, not a token's dismiss button.
    await roles.locator('button[aria-haspopup]').first().click();
    // A chosen option's accessible name starts with "selected" (in the page's language): match its label.
    for (const name of names) {
      await roles.getByRole('option').filter({ has: this.page.getByText(name, { exact: true }) }).click();
    }
    await this.page.keyboard.press('Escape');
  }

  /** Adds a member; the form starts with the Member role, `toggle` changes that. */
  async add(memberName: string, toggle: readonly string[] = []) {
    await this.page.getByTestId('project-member-add').click();
    await expect(this.page.getByTestId('project-member-form')).toBeVisible();
    const select = this.page.getByTestId('project-member-select');
    await select.locator('button').first().click();
    await select.getByRole('option', { name: new RegExp(memberName) }).click();
    if (toggle.length > 0) await this.toggleRoles(toggle);
    await this.page.getByTestId('project-member-submit').click();
  }

  async startModifying(text: string) {
    await this.select(text);
    await this.page.getByTestId('project-member-modify').click();
    await expect(this.page.getByTestId('project-member-form')).toBeVisible();
  }

  async submitForm() {
    await this.page.getByTestId('project-member-submit').click();
  }

  async remove(text: string) {
    await this.select(text);
    await this.page.getByTestId('project-member-remove').click();
    await this.page.getByTestId('modal-confirm').click();
  }
}
