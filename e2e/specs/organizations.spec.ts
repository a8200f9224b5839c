import { createOrganizationThroughApi, createProjectThroughApi, DEMO, expect, signInThroughApi, test, uniqueDomain, uniqueName } from '../fixtures.ts';
import { ConsoleShell } from '../page-objects/console-shell.ts';
import { HomePage } from '../page-objects/home-page.ts';
import { DeleteConfirmationDialog } from '../page-objects/organization-dialogs.ts';
import { OrgDashboardPage, OrgSettingsPage } from '../page-objects/organization-pages.ts';
import { ProjectSettingsPage } from '../page-objects/project-pages.ts';

/** Korean texts the user reads (the console's default language). */
const KO = {
  prohibitedWord: '도메인에 사용할 수 없는 단어가 포함되어 있습니다.',
  available: '사용할 수 있는 도메인입니다.',
  notSet: '설정되지 않음',
  atLimit: /프로젝트 한도\(5개\)에 도달했습니다/,
  namePattern: '영문, 한글, 일본어, 한자, 숫자, 공백과 . _ - 만 사용할 수 있습니다.',
};

test.describe('organizations and projects, in Korean', () => {
  // Signed in through the API only: each test opens its own first page (the home page's form only where it is the subject).
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, 'admin');
  });

  test('a new organization gets its domain: refused words and rules show next to the field, a good domain is saved', async ({ page }) => {
    const home = new HomePage(page);
    await home.open();
    await new ConsoleShell(page).expectSignedInAs(DEMO.admin.name);
    const orgName = uniqueName('E2E 도메인 조직');
    const dialog = await home.startCreatingOrganization();
    await dialog.enterName('잘못된 <이름>');
    await dialog.expectNameError(KO.namePattern);
    await dialog.enterName(orgName);
    await dialog.submit();
    await expect(page).toHaveURL(/\/org\/[0-9a-f-]{36}\/dashboard$/);

    const dashboard = new OrgDashboardPage(page);
    await expect(dashboard.overview()).toContainText(orgName);
    await expect(page.getByTestId('org-overview-domain')).toHaveText(KO.notSet);

    const settings = await dashboard.openSettings();
    // The server's refusal next to the field, once for this form (each rule and code: org-management.routes.test.ts, "domains").
    await settings.typeDomain('admin');
    await settings.expectDomainRefused(KO.prohibitedWord);
    const domain = uniqueDomain('e2e');
    await settings.typeDomain(domain);
    await settings.expectDomainAvailable(KO.available);
    await settings.saveDomain();

    await page.reload();
    await expect(settings.domainInput()).toHaveValue(domain);
    await page.getByTestId('side-navigation').getByRole('link', { name: '대시보드' }).click();
    await expect(page.getByTestId('org-overview-domain')).toHaveText(domain);
  });

  test('projects up to the limit of 5, then the limit note; one renamed, one deleted; the organization keeps them', async ({ page }) => {
    const orgName = uniqueName('E2E 프로젝트 조직');
    const orgId = await createOrganizationThroughApi(page, orgName);
    const dashboard = new OrgDashboardPage(page);

    // Four through the API (the limit and its code 12401 are the API's: projects.routes.test.ts,
    // "the project limit"), the fifth through the form, which then shows the limit.
    for (let index = 2; index <= 5; index += 1) await createProjectThroughApi(page, orgId, `프로젝트 ${index}`);
    await dashboard.open(orgId);
    await expect(dashboard.overview()).toContainText(orgName);
    await dashboard.expectProjectCount(4);
    await dashboard.createProject('프로젝트 1', '첫 번째 프로젝트');
    await dashboard.expectProjectCount(5);

    const sixth = await dashboard.startCreatingProject();
    await expect(sixth.limitNote()).toContainText(KO.atLimit);
    await sixth.cancel();

    await dashboard.openProject('프로젝트 1');
    const projectSettings = new ProjectSettingsPage(page);
    await projectSettings.openFromDashboard();
    await projectSettings.rename('이름 바꾼 프로젝트', '이름을 바꾼 첫 번째 프로젝트');
    await page.getByTestId('side-navigation').getByRole('link', { name: '대시보드' }).last().click();
    await expect(page.getByTestId('project-overview')).toContainText('이름 바꾼 프로젝트');

    await dashboard.open(orgId);
    await dashboard.openProject('프로젝트 2');
    await projectSettings.openFromDashboard();
    await projectSettings.delete('프로젝트 2');
    await dashboard.expectProjectCount(4);
    await expect(dashboard.projectsTable().getByRole('link', { name: '프로젝트 2', exact: true })).toHaveCount(0);
    await expect(dashboard.projectsTable().getByRole('link', { name: '이름 바꾼 프로젝트' })).toBeVisible();
  });

  test('the organization switcher moves between organizations', async ({ page }) => {
    const orgName = uniqueName('E2E 전환 조직');
    const orgId = await createOrganizationThroughApi(page, orgName);
    await new OrgDashboardPage(page).open(orgId);
    const shell = new ConsoleShell(page);
    await expect(page.getByTestId('org-switcher')).toHaveText(orgName);

    await shell.switchToOrganization(DEMO.orgName);
    await expect(new OrgDashboardPage(page).overview()).toContainText(DEMO.orgName);
    await shell.switchToOrganization(orgName);
    await expect(new OrgDashboardPage(page).overview()).toContainText(orgName);
  });

  test('an empty organization is deleted after its name is typed exactly', async ({ page }) => {
    const orgName = uniqueName('E2E 삭제 조직');
    const orgId = await createOrganizationThroughApi(page, orgName);
    const settings = new OrgSettingsPage(page);
    await settings.open(orgId);
    const confirmation: DeleteConfirmationDialog = await settings.startDeleting();
    await page.getByTestId('delete-confirm-input').fill(orgName.toUpperCase());
    await expect(confirmation.submitButton()).toBeDisabled();
    await confirmation.confirmWithName(orgName);
    await expect(page).toHaveURL(/\/$/);
    await expect(new ConsoleShell(page).organizationCard(orgName)).toHaveCount(0);
  });
});
