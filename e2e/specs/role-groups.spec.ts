import { type Browser, type Page } from '@playwright/test';
import { DEMO, type DemoRole, expect, signInAs, test, uniqueName } from '../fixtures.ts';
import { ConsoleShell } from '../page-objects/console-shell.ts';
import { ProjectSettingsPage } from '../page-objects/project-pages.ts';
import { RolesPage } from '../page-objects/roles-page.ts';
import { ProjectRoleGroupsPage } from '../page-objects/role-group-pages.ts';
import { seoulInstant, seoulKoreanDate, ServerClock } from '../page-objects/server-clock.ts';

/**
 * Role groups with a time condition, end to end (issue 5): the demo owner creates a group of the
 * "Web Service" project giving "Project management admin" between 12:00 and 14:00 in the
 * organization's zone (Asia/Seoul), sees the change preview, saves and assigns it to the demo
 * MEMBER. Then the server's clock moves (DEV_CLOCK_CONTROL, on for the e2e server only): at 13:00
 * the member changes the project's description; at 15:00 the same day the member's next save, from
 * the page left open, is refused and the permission modal names the failed condition and when
 * access is possible again (the next day's 12:00); a page loaded at 15:00 no longer offers the
 * change, and at the next day's 12:00 the member saves again.
 *
 * The moves go forward only (to tomorrow in Seoul), so the browser's real clock never lies after
 * the server's; the clock goes back to real time after the test, whatever happened.
 */

const ZONE = 'Asia/Seoul';
const PROJECT = 'Web Service';
const WINDOW = { from: '12:00', to: '14:00' };

/** A browser context of its own, signed in through the API, on the home page (fixtures.ts). */
async function signIn(browser: Browser, role: DemoRole): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, role);
  return page;
}

/** The page's URL opened again in a new tab of the same session (the old one keeps its unsaved edit). */
async function openAgain(page: Page): Promise<Page> {
  const again = await page.context().newPage();
  await again.goto(page.url());
  await expect(again.getByTestId('project-setting-page')).toBeVisible();
  return again;
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
  let clock: ServerClock;

  test.beforeEach(({ request }) => {
    clock = new ServerClock(request, { email: DEMO.owner.email, password: DEMO.password });
  });

  test.afterEach(async () => {
    // The specs share one server: the next one runs on real time.
    await clock.reset();
  });

  test('a time-window group is previewed, saved, assigned; as the server clock moves the member is allowed inside the window and refused outside it, with the failed condition named', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const groupName = uniqueName('Office hours');
    const insideAt = seoulInstant(1, '13:00');
    const outsideAt = seoulInstant(1, '15:00');
    const validAgainAt = seoulInstant(2, '12:00');

    // The owner creates the group with the fixed window and gives it to the member: in the test's
    // own tab (the worker's context, its scripts cached); the member gets a context of their own.
    const owner = page;
    await signInAs(owner, 'owner');
    await openProject(owner);
    const groups = new ProjectRoleGroupsPage(owner);
    await groups.openFromSideNavigation('역할 그룹');
    const form = await groups.startAdding();
    await form.name().click();
    await form.name().blur();
    await expect(form.name()).toHaveAccessibleDescription(/필수 입력 항목입니다. 그룹 이름을 입력해 주세요./);
    await form.name().fill(groupName);
    await form.addRole('프로젝트 설정 관리자');
    await form.setTimeWindow(0, WINDOW.from, WINDOW.to);
    await form.assignMember(DEMO.member.name);
    await form.saveWithPreview(async (preview) => {
      // The member the new group is given to is previewed with what they gain.
      const row = preview.getByTestId('role-group-preview-table').getByRole('row').filter({ hasText: DEMO.member.name });
      await expect(row.getByTestId('role-group-preview-assigned')).toBeVisible();
      await expect(row.getByTestId('role-group-preview-gained')).toBeVisible();
      await expect(preview.getByTestId('role-group-preview-nobody')).toHaveCount(0);
      await expect(preview.getByTestId('role-group-preview-new-members')).toContainText('1');
    });
    await expect(groups.row(groupName)).toContainText('프로젝트');
    await expect(groups.row(groupName)).toContainText('1');

    try {
      // 13:00 in Seoul, inside the window: the member changes the project's description.
      await clock.moveTo(insideAt);
      const member = await signIn(browser, 'member');
      await openProject(member);
      const settings = new ProjectSettingsPage(member);
      await settings.openFromDashboard();
      await settings.rename(PROJECT, `Changed inside the window ${WINDOW.from}-${WINDOW.to}`);

      // 15:00 the same day, outside it. The member's page, loaded at 13:00, still offers the
      // change; the server refuses it and says why and from when it is possible again.
      await clock.moveTo(outsideAt);
      await member.getByTestId('project-description-input').fill('Changed outside the window');
      await member.getByTestId('project-settings-submit').click();
      const modal = member.getByTestId('permission-error-modal');
      await expect(modal).toBeVisible();
      const failed = modal.getByTestId('permission-failed-condition').filter({ hasText: groupName });
      await expect(failed).toContainText(`${WINDOW.from}–${WINDOW.to} ${ZONE}`);
      const validFrom = failed.getByTestId('permission-valid-from');
      await expect(validFrom).toContainText(seoulKoreanDate(validAgainAt));
      await expect(validFrom).toContainText(WINDOW.from);
      await expect(validFrom).toContainText(ZONE);
      await expect(modal.getByTestId('permission-related-roles')).toContainText('Project.Setting.Update');

      // A page loaded now reflects the server's view: the change is offered no more.
      const reloaded = await openAgain(member);
      await expect(reloaded.getByTestId('project-description-input')).toBeDisabled();
      await expect(reloaded.getByTestId('project-settings-submit')).toBeDisabled();

      // The next day's 12:00, when the modal said: the member may change it again.
      await clock.moveTo(validAgainAt);
      const nextDay = await openAgain(member);
      await new ProjectSettingsPage(nextDay).rename(PROJECT, `Changed the next day at ${WINDOW.from}`);
    } finally {
      // Clean up on real time: the demo project keeps no test group.
      await clock.reset();
      await owner.getByTestId('side-navigation').getByRole('link', { name: '역할 그룹', exact: true }).click();
      await groups.delete(groupName);
    }
  });
});
