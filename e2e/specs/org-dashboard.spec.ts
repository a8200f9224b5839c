import { type Page } from '@playwright/test';
import { createOrganizationThroughApi, createProjectThroughApi, DEMO, type DemoRole, expect, signInAs, signInThroughApi, test, uniqueName } from '../fixtures.ts';
import { HomePage } from '../page-objects/home-page.ts';
import { OrgDashboardPage } from '../page-objects/organization-pages.ts';

/** Korean texts the user reads (the console's default language). */
const KO = {
  projectCreated: '프로젝트 생성',
  settingsChanged: '조직 설정 변경',
  supportTeamChanged: '기술 지원 담당자 변경',
  supportTeamSaved: '기술 지원 담당자를 저장했습니다.',
  timeZoneSaved: '시간대를 Asia/Tokyo(으)로 설정했습니다.',
  search: '이름, 이메일 또는 IAM ID로 멤버 검색',
  justNow: /지금|초 전|분 전/,
};

/** Signed in through the API, on the home page, the console naming them (fixtures.ts). */
async function signIn(page: Page, role: DemoRole) {
  await signInAs(page, role);
}

test.describe('organization dashboard and default settings, in Korean', () => {
  test('a created project shows in recent activity; the support team and the time zone are saved and recorded', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'admin');
    const orgId = await new HomePage(page).createOrganization(uniqueName('E2E 활동 조직'));
    const dashboard = new OrgDashboardPage(page);

    // The members widget counts the new organization's one member, its owner.
    const members = page.getByTestId('org-members-widget');
    await expect(members.getByTestId('org-members-cloud-count')).toHaveText('1');
    await expect(members.getByTestId('org-members-newest-item')).toContainText(DEMO.admin.name);

    const projectName = uniqueName('E2E 활동 프로젝트');
    await dashboard.createProject(projectName);
    const recent = page.getByTestId('recent-activity');
    const first = recent.getByTestId('recent-activity-item').first();
    await expect(first).toContainText(`${DEMO.admin.name} · ${KO.projectCreated}: ${projectName}`);
    await expect(first.locator('time')).toHaveText(KO.justNow);

    // The full list, paged by the server.
    await recent.getByTestId('recent-activity-all').click();
    await expect(page).toHaveURL(new RegExp(`/org/${orgId}/activity$`));
    await expect(page.getByTestId('activity-table')).toContainText(projectName);

    // Default settings: technical support team.
    await page.goto(`/org/${orgId}/setting`);
    const team = page.getByTestId('org-support-team');
    await team.getByText(KO.search).click();
    await page.keyboard.type('admin@demo');
    await page.getByRole('option', { name: new RegExp(DEMO.admin.name) }).click();
    await page.keyboard.press('Escape');
    await team.getByTestId('org-support-team-save').click();
    await expect(page.getByText(KO.supportTeamSaved)).toBeVisible();

    // Time zone.
    const zone = page.getByTestId('org-time-zone');
    await zone.getByText('Asia/Seoul (UTC+09:00)').click();
    await page.keyboard.type('Tokyo');
    await page.getByRole('option', { name: /Asia\/Tokyo/ }).click();
    await zone.getByTestId('org-time-zone-save').click();
    await expect(page.getByText(KO.timeZoneSaved)).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('org-time-zone')).toContainText('Asia/Tokyo (UTC+09:00)');
    await expect(page.getByTestId('org-support-team')).toContainText(DEMO.admin.name);

    await dashboard.open(orgId);
    const items = page.getByTestId('recent-activity').getByTestId('recent-activity-item');
    await expect(items.nth(0)).toContainText(KO.settingsChanged);
    await expect(items.nth(1)).toContainText(`${KO.supportTeamChanged}: ${DEMO.admin.name}`);
    await expect(items.nth(2)).toContainText(`${KO.projectCreated}: ${projectName}`);
  });
});

test.describe("a page's first calls, preloaded with its HTML (issue 16)", () => {
  test("the organization's and the project's dashboards ask each of their first calls once: the browser's preload answers the page", async ({ page }) => {
    // Signed in without a page: a home page's own calls (its organization infos, asked once its
    // chunk has run) could still be on their way when the count starts, and count as the dashboard's.
    await signInThroughApi(page, 'owner');
    const orgName = uniqueName('E2E 첫 호출 조직');
    const orgId = await createOrganizationThroughApi(page, orgName);
    const projectName = uniqueName('E2E 첫 호출 프로젝트');
    const projectId = await createProjectThroughApi(page, orgId, projectName);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
    });
    const timesAsked = (url: string) => asked.filter((one) => one === url).length;

    await page.goto(`/org/${orgId}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
    const html = await (await page.request.get(`/org/${orgId}/dashboard`)).text();
    const preloaded = [...html.matchAll(/<link rel="preload" href="(\/api\/cab\/[^"]+)" as="fetch"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    expect(preloaded).toEqual([
      `/api/cab/v4/organizations/${orgId}/ip-acl/validate`,
      `/api/cab/v6/organizations/${orgId}/self/roles`,
      `/api/cab/v1/regions?orgId=${orgId}`,
      `/api/cab/v7/organizations/${orgId}`,
      '/api/cab/v6/organizations/infos?page=1&limit=9999',
      // The shell's own: the caller's organizations (switcher and breadcrumb).
      '/api/cab/v7/organizations?page=1&limit=9999',
    ]);
    // Asked once each: the page's own fetch took the preload's answer (a second request would mean it did not).
    await expect.poll(() => preloaded.map(timesAsked)).toEqual(preloaded.map(() => 1));

    asked.length = 0;
    await page.goto(`/project/${projectId}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
    await expect(page.getByTestId('project-org-link')).toHaveText(orgName);
    const projectCalls = [
      `/api/cab/v5/projects/${projectId}`,
      `/api/cab/v4/organizations/${orgId}/ip-acl/validate`,
      `/api/cab/v6/projects/${projectId}/self/roles`,
      `/api/cab/v1/regions?orgId=${orgId}`,
      `/api/cab/v7/organizations/${orgId}`,
      '/api/cab/v7/organizations?page=1&limit=9999',
    ];
    await expect.poll(() => projectCalls.map(timesAsked)).toEqual(projectCalls.map(() => 1));
  });
});
