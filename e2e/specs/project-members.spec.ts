import { DEMO, expect, signInAs, test, uniqueName } from '../fixtures.ts';
import { ProjectMembersPage } from '../page-objects/member-pages.ts';
import { OrgDashboardPage } from '../page-objects/organization-pages.ts';

test.describe('project members, in Korean', () => {
  test('the owner adds a cloud member and an IAM account, the role rule shows next to the roles, roles change, a member is removed', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const shell = await signInAs(page, 'owner');
    await shell.switchToOrganization(DEMO.orgName);
    const dashboard = new OrgDashboardPage(page);
    const projectName = uniqueName('Members');
    await dashboard.createProject(projectName);
    await dashboard.openProject(projectName);

    const members = new ProjectMembersPage(page);
    await members.openFromSideNavigation('멤버');
    await expect(members.row(DEMO.owner.email)).toContainText('관리자');

    // Add is a page per kind (member/cloud/add, member/iam/add); a save comes back to the list.
    await members.add('cloud', DEMO.member.name);
    await expect(page.getByTestId('toast').first()).toContainText(DEMO.member.name);
    await expect(members.row(DEMO.member.email)).toContainText('멤버');
    await members.add('iam', DEMO.iam.name, ['멤버', '조회자']);
    await expect(members.row(DEMO.iam.userCode)).toContainText('IAM 계정');
    await expect(members.row(DEMO.iam.userCode)).toContainText('조회자');

    // Each add page offers its own kind only: the IAM page has no cloud member (Choi Billing is not in the project yet).
    const iamAdd = await members.startAdding('iam');
    await expect(page.getByTestId('breadcrumbs')).toContainText('IAM 계정 추가');
    const candidates = page.getByTestId('project-member-select');
    await candidates.locator('button').first().click();
    // Loaded: some IAM account to choose, or the note that none is left (other specs may have created some).
    await expect(page.getByTestId('project-member-no-candidates').or(candidates.getByRole('option').first())).toBeVisible();
    await expect(candidates.getByRole('option', { name: new RegExp(DEMO.billing.name) })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await iamAdd.cancel();
    await members.expectList();

    // ADMIN with another role is refused next to the roles, before any call.
    let form = await members.startModifying(DEMO.member.email, 'cloud');
    await form.toggleRoles(['관리자']);
    await form.submit();
    await form.expectRolesError('관리자 역할은 다른 프로젝트 역할과 함께 지정할 수 없습니다.');
    await form.toggleRoles(['관리자', '멤버', '조회자']);
    await form.submit();
    await members.expectList();
    await expect(members.row(DEMO.member.email)).toContainText('조회자');

    // The IAM account's Modify opens the IAM modify page.
    form = await members.startModifying(DEMO.iam.userCode, 'iam');
    await expect(page.getByTestId('project-member-summary')).toContainText(DEMO.iam.userCode);
    await form.cancel();
    await members.expectList();

    // Leaving with an unsaved change asks first. (The sole ADMIN keeping ADMIN, 10012, is the API's:
    // project-members.routes.test.ts; this form's error next to the roles is shown above.)
    form = await members.startModifying(DEMO.owner.email, 'cloud');
    await form.toggleRoles(['관리자', '멤버']);
    await form.cancel({ unsaved: true });
    await members.expectList();
    await expect(members.row(DEMO.owner.email)).toContainText('관리자');

    await members.remove(DEMO.member.email);
    await expect(members.row(DEMO.member.email)).toHaveCount(0);

    // "Add in bulk" still opens member/import, now under the members crumb.
    await page.getByTestId('import-entry-projectMember').click();
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}\/member\/import$/);
    await expect(page.getByTestId('import-page')).toBeVisible();
    await expect(page.getByTestId('breadcrumbs').getByRole('link', { name: '멤버', exact: true })).toBeVisible();
  });
});
