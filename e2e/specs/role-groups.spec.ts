import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, uniqueName } from '../fixtures.ts';
import { ConsoleShell } from '../page-objects/console-shell.ts';
import { LoginPage } from '../page-objects/login-page.ts';
import { ProjectSettingsPage } from '../page-objects/project-pages.ts';
import { RolesPage } from '../page-objects/roles-page.ts';
import { ProjectRoleGroupsPage } from '../page-objects/role-group-pages.ts';

/**
 * Role groups with a time condition, end to end (issue 5): the demo owner creates a group of the
 * "Web Service" project giving "Project management admin" between two times, sees the change
 * preview, saves and assigns it to the demo MEMBER; the member may then change the project's
 * description. The owner moves the window away from now; the member's next save is refused and
 * the permission modal names the failed condition and when access is possible again.
 *
 * The server under test runs on the real clock (the e2e server cannot be given a fake one), so the
 * windows are built around the current time in the organization's time zone (Asia/Seoul) instead
 * of moving the clock: "now - 1 h to now + 1 h" includes now, "now + 2 h to now + 3 h" does not
 * (a window may wrap past midnight; the engine handles that).
 */

const ZONE = 'Asia/Seoul';
const PROJECT = 'Web Service';

/** `HH:mm` in Seoul, `minutes` from now. */
function seoulTime(minutes: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(
    new Date(Date.now() + minutes * 60_000),
  );
  const value = (type: string) => parts.find((part) => part.type === type)?.value ?? '00';
  return `${value('hour')}:${value('minute')}`;
}

async function signIn(browser: Browser, email: string, name: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signInAsMember(email, DEMO.password);
  await new ConsoleShell(page).expectSignedInAs(name);
  return page;
}

/** From "My roles", the project's dashboard. */
async function openProject(page: Page) {
  await new ConsoleShell(page).openMyRoles();
  const roles = new RolesPage(page);
  await roles.showProjects();
  await roles.projectRow(PROJECT).getByRole('link', { name: PROJECT }).click();
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}\/dashboard$/);
}

test.describe('role groups with conditions', () => {
  test('a time-window group is previewed, saved, assigned; the member is allowed inside the window and refused outside it, with the failed condition named', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const groupName = uniqueName('Office hours');
    const inside = { from: seoulTime(-60), to: seoulTime(60) };
    const outside = { from: seoulTime(120), to: seoulTime(180) };

    // The owner creates the group with a window around now and gives it to the member.
    const owner = await signIn(browser, DEMO.owner.email, DEMO.owner.name);
    await openProject(owner);
    const groups = new ProjectRoleGroupsPage(owner);
    await groups.openFromSideNavigation('역할 그룹');
    const form = await groups.startAdding();
    await form.name().click();
    await form.name().blur();
    await expect(form.name()).toHaveAccessibleDescription(/필수 입력 항목입니다. 그룹 이름을 입력해 주세요./);
    await form.name().fill(groupName);
    await form.addRole('프로젝트 설정 관리자');
    await form.setTimeWindow(0, inside.from, inside.to);
    await form.assignMember(DEMO.member.name);
    await form.saveWithPreview(async (preview) => {
      await expect(preview.getByTestId('role-group-preview-nobody')).toBeVisible();
      await expect(preview.getByTestId('role-group-preview-new-members')).toContainText('1');
    });
    await expect(groups.row(groupName)).toContainText('프로젝트');
    await expect(groups.row(groupName)).toContainText('1');

    // Inside the window the member changes the project's description.
    const member = await signIn(browser, DEMO.member.email, DEMO.member.name);
    await openProject(member);
    const settings = new ProjectSettingsPage(member);
    await settings.openFromDashboard();
    await settings.rename(PROJECT, `Changed inside the window ${inside.from}-${inside.to}`);

    // The owner moves the window away from now; the preview lists the member holding the group.
    const modify = await groups.open(groupName);
    await modify.setTimeWindow(0, outside.from, outside.to);
    await modify.saveWithPreview(async (preview) => {
      await expect(preview.getByTestId('role-group-preview-no-change')).toBeVisible();
    });

    // The member's page still offers the change; the server refuses it and says why.
    await member.getByTestId('project-description-input').fill('Changed outside the window');
    await member.getByTestId('project-settings-submit').click();
    const modal = member.getByTestId('permission-error-modal');
    await expect(modal).toBeVisible();
    const failed = modal.getByTestId('permission-failed-condition').filter({ hasText: groupName });
    await expect(failed).toContainText(`${outside.from}–${outside.to} ${ZONE}`);
    await expect(failed.getByTestId('permission-valid-from')).toContainText(ZONE);
    await expect(modal.getByTestId('permission-related-roles')).toContainText('Project.Setting.Update');

    // Clean up: the demo project keeps no test group.
    await owner.getByTestId('side-navigation').getByRole('link', { name: '역할 그룹', exact: true }).click();
    await groups.delete(groupName);
  });
});
