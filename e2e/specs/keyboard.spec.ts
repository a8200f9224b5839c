import { activate, chooseOption, tabTo } from '../keyboard.ts';
import { DEMO, expect, signInThroughApi, test, uniqueName } from '../fixtures.ts';
import { ImportPage } from '../page-objects/import-pages.ts';
import { OrgMembersPage } from '../page-objects/member-pages.ts';

/**
 * The console's core flows completed with the keyboard alone (issue 16): invite, a role group with
 * a condition, an import. Only Tab, Shift+Tab, the arrows, Enter, Space, Escape and typing move
 * them — a click would hide a control the keyboard cannot reach. (Sign-in and create project are
 * in a11y.spec.ts.) Each test opens its page by address: the flow, not the way to it, is tested.
 */

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

async function demoOrgId(page: import('@playwright/test').Page): Promise<string> {
  const orgs = (await (await page.request.get('/api/cab/v7/organizations')).json()) as { orgs: { orgId: string; orgName: string }[] };
  return orgs.orgs.find((org) => org.orgName === DEMO.orgName)!.orgId;
}

test('invite two people with a role, by keyboard; the new email field takes the focus', async ({ page }) => {
  await signInThroughApi(page, 'owner');
  const orgId = await demoOrgId(page);
  await page.goto(`/org/${orgId}/member`);
  const members = new OrgMembersPage(page);
  await expect(members.membersTable()).toBeVisible();

  await activate(page, members.inviteButton());
  await expect(page).toHaveURL(/\/member\/cloud\/add$/);
  const id = stamp();
  const first = `kb-one-${id}@example.com`;
  const second = `kb-two-${id}@example.com`;
  await tabTo(page, page.getByTestId('org-invite-email-0'));
  await page.keyboard.type(first);
  await activate(page, page.getByTestId('org-invite-add-email'), 10);
  // A new row is where the typing goes next.
  await expect(page.getByTestId('org-invite-email-1')).toBeFocused();
  await page.keyboard.type(second);

  // The roles: Enter opens the list, the arrows reach 관리자 (ADMIN), Enter takes it, Escape closes.
  await tabTo(page, page.getByTestId('org-invite-roles').getByRole('button').first(), 10);
  await page.keyboard.press('Enter');
  await chooseOption(page, '관리자');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('org-invite-roles')).toContainText('멤버');
  await expect(page.getByTestId('org-invite-roles')).toContainText('관리자');

  await activate(page, page.getByTestId('org-invite-submit'), 20);
  await expect(page).toHaveURL(/\/org\/[0-9a-f-]{36}\/member/);
  await expect(members.invitationRow(first)).toContainText('진행 중');
  await expect(members.invitationRow(second)).toContainText('관리자');
});

test('a project role group with a time condition, by keyboard, through the change preview', async ({ page }) => {
  await signInThroughApi(page, 'owner');
  const orgId = await demoOrgId(page);
  const projects = (await (await page.request.get(`/api/cab/v5/projects?orgId=${orgId}`)).json()) as { projects: { projectId: string }[] };
  await page.goto(`/project/${projects.projects[0]!.projectId}/role-group`);
  await expect(page.getByTestId('role-groups-table')).toBeVisible();
  const name = uniqueName('Keyboard group');

  await activate(page, page.getByTestId('role-group-add'));
  await expect(page.getByTestId('role-group-form')).toBeVisible();
  await tabTo(page, page.getByTestId('role-group-name'));
  await page.keyboard.type(name);

  // The role picker filters as it is typed; Enter takes the highlighted role.
  await tabTo(page, page.getByTestId('role-group-role-picker'), 20);
  await page.keyboard.press('Enter');
  await page.keyboard.type('프로젝트 설정 관리자');
  await chooseOption(page, '프로젝트 설정 관리자');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('role-group-role-0')).toContainText('프로젝트 설정 관리자');

  // A condition: the new one takes the focus; "time between", typed into the two time fields.
  await activate(page, page.getByTestId('role-group-role-0-condition-add'), 30);
  await expect(page.getByTestId('role-group-role-0-condition-0-attribute').getByRole('button').first()).toBeFocused();
  await tabTo(page, page.getByTestId('role-group-role-0-condition-0-from'), 20);
  await page.keyboard.type('0900');
  await tabTo(page, page.getByTestId('role-group-role-0-condition-0-to'), 5);
  await page.keyboard.type('1800');
  await expect(page.getByTestId('role-group-role-0-condition-0-to').locator('input')).toHaveValue('18:00');

  // Save: the preview opens with the focus inside it; Enter on its confirm button saves.
  await activate(page, page.getByTestId('role-group-submit'), 60);
  const preview = page.getByRole('dialog').filter({ has: page.getByTestId('role-group-preview') });
  await expect(preview).toBeVisible();
  await activate(page, preview.getByTestId('modal-confirm'), 20);
  await expect(page).toHaveURL(/\/role-group$/);
  await expect(page.getByTestId('role-groups-table').getByRole('row').filter({ hasText: name })).toBeVisible();
});

test('import organization members from a spreadsheet, by keyboard: choose the file, validate, import', async ({ page }) => {
  await signInThroughApi(page, 'owner');
  const orgId = await demoOrgId(page);
  await page.goto(`/org/${orgId}/member`);
  const imports = new ImportPage(page);
  await activate(page, page.getByTestId('import-entry-orgMember'));
  await expect(page.getByTestId('import-page')).toBeVisible();

  const id = stamp();
  const email = `kb-import-${id}@example.com`;
  const file = await imports.filledTemplate('ORG_MEMBER', [['TOAST_CLOUD', email, 'MEMBER', '', '']]);
  // The file upload's button opens the system's file chooser on Enter.
  const chooser = page.waitForEvent('filechooser');
  await activate(page, page.getByTestId('import-file').getByRole('button'), 40);
  await (await chooser).setFiles({ name: 'members.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });

  await activate(page, page.getByTestId('import-validate'), 20);
  await expect(page.getByTestId('import-dry-run-table')).toBeVisible();
  await expect(imports.count('ready')).toHaveText('1');
  await activate(page, imports.importButton(), 80);
  await imports.expectCompleted();
  await expect(imports.result('registered')).toHaveText('1');
});
