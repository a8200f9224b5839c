import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../a11y.ts';
import { createOrganizationThroughApi, createProjectThroughApi, DEMO, demoIds, expect, openInConsole, signInThroughApi, test, uniqueName, useLanguage } from '../fixtures.ts';
import { tabTo } from '../keyboard.ts';
import { CONSOLE_SERVICE_CALLS, consoleCall } from '../page-objects/email-product.ts';
import { ConsoleShell } from '../page-objects/console-shell.ts';
import { RoleGroupForm } from '../page-objects/role-group-pages.ts';

/**
 * Dark mode and compact density (issue 16) as a person meets them: chosen in the my-menu with the
 * keyboard, Cloudscape's visual mode on the page, every main page passing axe in it (in all four
 * languages); the choice kept across a reload and a new tab, for this account only, dropped at
 * sign-out; "Same as the system" following the system; the alarm backtest chart and the product
 * iframe following the theme; the menu's labels in Japanese and Chinese.
 */

// Two independent tests per language (axe over six pages each) and one for the behaviour: the two
// workers of a whole run share them.
test.describe.configure({ timeout: 150_000, mode: 'parallel' });

const DARK = 'awsui-dark-mode';
const COMPACT = 'awsui-compact-mode';

/** Opens the my-menu with the keyboard and takes `itemId` (an entry's id: `theme-dark`, `density-compact`) with the arrows and Enter. */
async function chooseInMyMenuByKeyboard(page: Page, itemId: string) {
  await tabTo(page, page.getByTestId('my-menu'));
  await page.keyboard.press('Enter');
  const item = page.getByTestId(itemId);
  await expect(item).toBeVisible();
  const focused = () => item.evaluate((element) => element.matches(':focus, :focus-within'));
  for (let count = 0; count < 20 && !(await focused()); count++) await page.keyboard.press('ArrowDown');
  expect(await focused(), `${itemId} reached with the arrow keys`).toBe(true);
  await page.keyboard.press('Enter');
  await expect(item).toBeHidden();
}

/** The same with the pointer (the keyboard way is tested above; here the choice is the subject). */
async function chooseInMyMenu(page: Page, itemId: string) {
  await page.getByTestId('my-menu').click();
  await page.getByTestId(itemId).click();
  await expect(page.getByTestId(itemId)).toBeHidden();
}

const body = (page: Page) => page.locator('body');

/** Opens `path`, waits until `ready` shows and nothing loads any more, then runs axe in the named state. */
async function checkPage(page: Page, path: string, ready: string, state: string) {
  // Through the router, as a link does (each page after the first of a test: no new document).
  await openInConsole(page, path);
  await expect(page.getByTestId(ready).first(), path).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('page-spinner')).toHaveCount(0);
  await expect(page.getByTestId('on-demand-spinner')).toHaveCount(0);
  await expect(page.getByTestId('turn-pending')).toHaveCount(0);
  await expectAccessible(page, state);
}

/** Each language, with the name the role picker shows for SERVICE_USER (packages/contracts/src/role-catalogue.ts). */
const LANGUAGES = [
  ['ko_KR', 'Korean', '서비스 사용자'],
  ['en_US', 'English', 'Service user'],
  ['ja_JP', 'Japanese', 'サービス利用者'],
  ['zh_CN', 'Chinese', '服务使用者'],
] as const;

for (const [locale, language, serviceUser] of LANGUAGES) {
  test(`dark mode chosen with the keyboard passes axe on the main pages, and compact density on a list, in ${language}`, async ({ page }) => {
    await useLanguage(page, locale);
    await signInThroughApi(page, 'owner');
    const { orgId, projectId } = await demoIds(page);
    await page.goto('/');
    await new ConsoleShell(page).expectSignedInAs(DEMO.owner.name);
    await expect(body(page)).not.toHaveClass(new RegExp(DARK));

    await chooseInMyMenuByKeyboard(page, 'theme-dark');
    await expect(body(page)).toHaveClass(new RegExp(DARK));
    // Chinese is marked zh-CN (simplified), the others by their language alone.
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'zh_CN' ? 'zh-CN' : locale.slice(0, 2));
    await expectAccessible(page, 'dark');
    for (const [path, ready] of [
      [`/org/${orgId}/dashboard`, 'org-overview'],
      [`/org/${orgId}/member`, 'org-members-page'],
      [`/org/${orgId}/setting`, 'org-setting-page'],
      [`/project/${projectId}/dashboard`, 'project-overview'],
    ] as const) {
      await checkPage(page, path, ready, 'dark');
    }
    // A role group form with its modal open (the preview of what saving changes).
    await checkPage(page, `/project/${projectId}/role-group/add`, 'role-group-form', 'dark');
    await page.getByTestId('role-group-name').fill(uniqueName('Dark'));
    await new RoleGroupForm(page).addRole(serviceUser);
    await page.getByTestId('role-group-submit').click();
    await expect(page.getByRole('dialog').filter({ has: page.getByTestId('role-group-preview') })).toBeVisible();
    await expectAccessible(page, 'dark, preview open');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('role-group-preview')).toHaveCount(0);

    // Compact density, on a list.
    await chooseInMyMenuByKeyboard(page, 'density-compact');
    await expect(body(page)).toHaveClass(new RegExp(COMPACT));
    await checkPage(page, `/org/${orgId}/member`, 'org-members-page', 'dark, compact');
    await expect(body(page)).toHaveClass(new RegExp(`${DARK}.*${COMPACT}|${COMPACT}.*${DARK}`));
  });
}

/** The computed colour of the backtest chart's first axis label. */
const axisLabelColor = (chart: Locator) => chart.locator('svg text').first().evaluate((element) => getComputedStyle(element).fill);

/** The sum of a computed `rgb(…)` colour's channels. */
const brightness = (color: string) => (color.match(/\d+/g) ?? []).slice(0, 3).reduce((sum, part) => sum + Number(part), 0);

/** The theme in the product frame's own address (its document's, which the page keeps in step) and the theme its document shows. */
async function frameTheme(page: Page): Promise<{ param: string | null; documentTheme: string | null }> {
  const html = page.frameLocator('[data-testid="product-frame"]').locator('html');
  const href = await html.evaluate(() => window.location.href);
  return { param: new URL(href).searchParams.get('theme'), documentTheme: await html.getAttribute('data-theme') };
}

test('the choice is kept per account across reloads and tabs, the system is followed, and the chart and the product frame follow', async ({ page, context, playwright, baseURL }) => {
  await useLanguage(page, 'en_US');
  await signInThroughApi(page, 'owner');
  // A project of the test's own with Email in use (the product frame) and an alarm on its metric (the backtest chart).
  const orgId = await createOrganizationThroughApi(page, uniqueName('Appearance Org'));
  const projectId = await createProjectThroughApi(page, orgId, uniqueName('Appearance'));
  expect((await consoleCall(page, 'POST', CONSOLE_SERVICE_CALLS.enable(projectId), {})).status).toBe(200);
  const inUse = (await consoleCall(page, 'GET', CONSOLE_SERVICE_CALLS.productInUse(projectId))).body as { product?: { appKey: string; secretKey: string } } & { appKey?: string; secretKey?: string };
  const keys = inUse.product ?? inUse;
  const sender = 'dark@e2e.example.com';
  // The product reports with its Appkey and SecretKey alone (no session: a request context of its own).
  const product = await playwright.request.newContext({ baseURL });
  const ingest = await product.post('/api/metrics/v1/ingest/samples', {
    headers: { 'x-appkey': keys.appKey!, 'x-secret-key': keys.secretKey! },
    data: {
      samples: [3, 4, 5].map((minutesAgo, index) => ({
        service: 'email',
        resourceType: 'sender',
        resourceId: sender,
        metricName: 'sent_count',
        timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        value: 5 + index * 10,
      })),
    },
  });
  expect(ingest.ok(), await ingest.text()).toBe(true);
  await product.dispose();
  // A threshold the samples never reach: the alarm stays quiet (no mail, no notification), its backtest still draws.
  const rule = { service: 'email', resourceType: 'sender', resourceId: sender, metricName: 'sent_count', conditionOperator: 'GT', threshold: 1000, durationMinutes: 1 };
  const group = await consoleCall(page, 'POST', `/api/alarm/v6/projects/${projectId}/alarm-groups`, { alarmGroupName: uniqueName('Dark'), targets: [{ targetType: 'ROLE', targetId: 'PROJECT_ROLE:ADMIN' }] });
  expect(group.status, JSON.stringify(group.body)).toBe(200);
  const alarmGroupId = (group.body.alarmGroup as { alarmGroupId: string }).alarmGroupId;
  const alarm = await consoleCall(page, 'POST', `/api/alarm/v6/projects/${projectId}/metric-alarms`, { ...rule, alarmName: uniqueName('Dark chart'), methods: ['EMAIL'], alarmGroupIds: [alarmGroupId] });
  expect(alarm.status, JSON.stringify(alarm.body)).toBe(200);
  const alarmId = (alarm.body.alarm as { alarmId: string }).alarmId;

  // ---- Dark, chosen once: kept across a reload and in a new tab ----
  await page.goto('/');
  const shell = new ConsoleShell(page);
  await shell.expectSignedInAs(DEMO.owner.name);
  await chooseInMyMenu(page, 'theme-dark');
  await expect(body(page)).toHaveClass(new RegExp(DARK));
  // The current choice is told to assistive technology too, not by the check mark alone.
  await page.getByTestId('my-menu').click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Dark', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('menuitemcheckbox', { name: 'Light', exact: true })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('menuitemcheckbox', { name: 'Comfortable', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('menuitemcheckbox', { name: 'English', exact: true })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await page.reload();
  await shell.expectSignedInAs(DEMO.owner.name);
  await expect(body(page)).toHaveClass(new RegExp(DARK));
  const tab = await context.newPage();
  await tab.goto('/');
  await new ConsoleShell(tab).expectSignedInAs(DEMO.owner.name);
  await expect(body(tab)).toHaveClass(new RegExp(DARK));
  await tab.close();

  // ---- The backtest chart draws in the theme's colours ----
  // The metric's minutes are rolled up within seconds of the ingestion (the e2e server's short interval).
  await expect
    .poll(async () => (((await consoleCall(page, 'POST', `/api/alarm/v6/projects/${projectId}/metric-alarms/backtest`, { ...rule, rangeHours: 1 })).body.series as { values?: number[] } | undefined)?.values?.length ?? 0), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await page.goto(`/project/${projectId}/alarm/modify/${alarmId}`);
  await page.getByTestId('alarm-backtest').click();
  const chart = page.getByTestId('backtest-chart');
  await expect(chart.locator('svg text').first()).toBeVisible();
  const darkAxis = await axisLabelColor(chart);
  await expectAccessible(page, 'dark, backtest chart');
  await chooseInMyMenu(page, 'theme-light');
  await expect(body(page)).not.toHaveClass(new RegExp(DARK));
  await expect.poll(() => axisLabelColor(chart)).not.toEqual(darkAxis);
  const lightAxis = await axisLabelColor(chart);
  // Light text on the dark page, dark text on the light one.
  expect(brightness(darkAxis)).toBeGreaterThan(brightness(lightAxis));

  // ---- The product frame follows, also when the theme changes on its page ----
  await chooseInMyMenu(page, 'theme-dark');
  await page.goto(`/project/${projectId}/notification/email`);
  await expect.poll(() => frameTheme(page)).toEqual({ param: 'dark', documentTheme: 'dark' });
  // The product's own dark colours are checked with the console's (axe goes into the frame).
  await expectAccessible(page, 'dark, product frame');
  // The page follows the theme live (console:ready / console:theme): what a person typed there stays.
  const mailTitle = page.frameLocator('[data-testid="product-frame"]').locator('#title');
  await mailTitle.fill('Kept across the theme');
  await chooseInMyMenu(page, 'theme-light');
  await expect.poll(() => frameTheme(page)).toEqual({ param: 'light', documentTheme: 'light' });
  await expect(mailTitle).toHaveValue('Kept across the theme');

  // ---- "Same as the system" follows the system, both ways, and the frame with it ----
  await chooseInMyMenu(page, 'theme-system');
  await expect(body(page)).not.toHaveClass(new RegExp(DARK));
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(body(page)).toHaveClass(new RegExp(DARK));
  await expect.poll(() => frameTheme(page)).toEqual({ param: 'dark', documentTheme: 'dark' });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(body(page)).not.toHaveClass(new RegExp(DARK));

  // ---- Another account in the same browser does not get it; sign-out goes back to light ----
  await chooseInMyMenu(page, 'theme-dark');
  await expect(body(page)).toHaveClass(new RegExp(DARK));
  await shell.signOut();
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(body(page)).not.toHaveClass(new RegExp(DARK));
  await signInThroughApi(page, 'admin');
  await page.goto('/');
  await shell.expectSignedInAs(DEMO.admin.name);
  await expect(body(page)).not.toHaveClass(new RegExp(DARK));
  // The owner, back in this browser after the other signed out, finds their choice.
  await shell.signOut();
  await expect(page.getByTestId('login-page')).toBeVisible();
  await signInThroughApi(page, 'owner');
  await page.goto('/');
  await shell.expectSignedInAs(DEMO.owner.name);
  await expect(body(page)).toHaveClass(new RegExp(DARK));

  // ---- The menu's appearance entries in Japanese and Chinese ----
  for (const [locale, labels] of [
    ['ja_JP', ['ライト', 'ダーク', 'システム設定に合わせる', '標準', 'コンパクト']],
    ['zh_CN', ['浅色', '深色', '跟随系统', '舒适', '紧凑']],
  ] as const) {
    await shell.switchLanguage(locale);
    const entries = await shell.myMenuEntries();
    expect(entries, locale).toEqual(expect.arrayContaining([...labels]));
  }
  await shell.switchLanguage('en_US');
});
