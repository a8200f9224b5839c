import { type APIRequestContext } from '@playwright/test';
import { DEMO, expect, signInAs, signInThroughApi, test } from '../fixtures.ts';
import { ConsoleShell } from '../page-objects/console-shell.ts';
import { HomePage } from '../page-objects/home-page.ts';
import { IamInformationPage } from '../page-objects/iam-information-page.ts';
import { LoginPage } from '../page-objects/login-page.ts';

/** The id of a demo project, asked of the API as its OWNER (a session of the test's own). */
/** A demo project's id, and how many projects the demo organization has (other specs add theirs). */
async function demoProject(request: APIRequestContext, projectName: string): Promise<{ projectId: string; orgProjectCount: number }> {
  const signIn = await request.post('/api/auth/v1/login', { data: { email: DEMO.owner.email, password: DEMO.password } });
  expect(signIn.ok()).toBe(true);
  const answer = await (await request.get('/api/cab/v6/projects')).json();
  const project = answer.projects.find((item: { projectName: string }) => item.projectName === projectName);
  expect(project, projectName).toBeDefined();
  const inOrg = await (await request.get(`/api/cab/v5/projects?orgId=${project.projectOrgId}&limit=1`)).json();
  return { projectId: project.projectId, orgProjectCount: inOrg.paging.totalCount };
}

test.describe('the console shell', () => {
  test('a signed-in user keeps the shell on the not-found page; a signed-out visitor sees it plain', async ({ page }) => {
    const shell = new ConsoleShell(page);
    await page.goto('/no/such/page');
    await expect(shell.notFoundPage()).toBeVisible();
    await expect(page.getByTestId('my-menu')).toHaveCount(0);

    await signInThroughApi(page, 'owner');
    await page.goto('/no/such/page');
    await expect(shell.notFoundPage()).toBeVisible();
    await shell.expectSignedInAs(DEMO.owner.name);
    await expect(shell.sideNavigation()).toBeVisible();
    await expect(page).toHaveURL(/\/no\/such\/page$/);

    // On a phone's width the top bar's controls wrap to a next row, each label on one line, and the
    // my-menu stays on the screen (before: labels a letter per line, the my-menu past the edge).
    await page.setViewportSize({ width: 375, height: 740 });
    for (const testId of ['org-switcher', 'my-menu']) {
      // Retried: the switcher shows once the caller's organizations have loaded, and a menu's
      // trigger is swapped for the real one when its code arrives (MenuButton).
      await expect(async () => {
        const box = await page.getByTestId(testId).boundingBox();
        expect(box, testId).not.toBeNull();
        expect(box!.x + box!.width, testId).toBeLessThanOrEqual(375);
        expect(box!.height, `${testId} on one line`).toBeLessThan(48);
      }).toPass({ timeout: 10_000 });
    }
  });

  test('a MEMBER opening a project they are not in reads "No permission for this project" there, and is told about it at home', async ({
    page,
    request,
  }) => {
    const { projectId: dataPlatform, orgProjectCount } = await demoProject(request, 'Data Platform');
    const shell = await signInAs(page, 'member');
    // Member of "Web Service" only: the card counts every other project of the organization
    // ("Data Platform", and those other specs created there before this one).
    await expect(new HomePage(page).notMemberNote(DEMO.orgName)).toHaveText(`멤버가 아닌 프로젝트: ${orgProjectCount - 1}개`);

    await page.goto(`/project/${dataPlatform}/dashboard`);
    await expect(shell.projectNoPermission()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('이 프로젝트에 대한 권한이 없습니다');
    await expect(page).toHaveURL(new RegExp(`/project/${dataPlatform}/dashboard$`));
    await shell.expectSignedInAs(DEMO.member.name);
  });

  test('an IAM account holder opens their account information from the my-menu; a cloud member has no such entry', async ({ page }) => {
    const shell = await signInAs(page, 'iam');
    expect(await shell.myMenuEntries()).toEqual(['IAM 계정 정보', '내 역할', 'API 보안 설정', '로그인 보안', '메일 보관함(개발용)', '한국어', 'English', '日本語', '简体中文', '밝게', '어둡게', '시스템 설정에 따름', '기본', '좁게', '로그아웃']);
    await shell.openIamInformation();
    const info = new IamInformationPage(page);
    await info.expectShownFor(DEMO.iam.userCode, DEMO.orgName);
    await expect(info.account()).toContainText(DEMO.iam.name);
    await shell.signOut();

    await new LoginPage(page).expectShown();
    await signInAs(page, 'owner');
    expect(await shell.myMenuEntries()).not.toContain('IAM 계정 정보');
    await page.goto('/iam-information');
    await expect(info.notIamNotice()).toBeVisible();
  });
});
