import { expect, test } from '@playwright/test';
import { DEMO, uniqueName } from '../fixtures.ts';
import { ConsoleShell } from '../page-objects/console-shell.ts';
import { LoginPage } from '../page-objects/login-page.ts';
import { ProjectMembersPage } from '../page-objects/member-pages.ts';
import { OrgDashboardPage } from '../page-objects/organization-pages.ts';

test.describe('project members, in Korean', () => {
  test('the owner adds a cloud member and an IAM account, the role rules and the sole-ADMIN refusal show, roles change, a member is removed', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const login = new LoginPage(page);
    await login.open();
    await login.signInAsMember(DEMO.owner.email, DEMO.password);
    const shell = new ConsoleShell(page);
    await shell.expectSignedInAs(DEMO.owner.name);
    await shell.switchToOrganization(DEMO.orgName);
    const dashboard = new OrgDashboardPage(page);
    const projectName = uniqueName('Members');
    await dashboard.createProject(projectName);
    await dashboard.openProject(projectName);

    const members = new ProjectMembersPage(page);
    await members.openFromSideNavigation('멤버');
    await expect(members.row(DEMO.owner.email)).toContainText('관리자');

    await members.add(DEMO.member.name);
    await expect(page.getByTestId('project-member-form')).toBeHidden();
    await expect(members.row(DEMO.member.email)).toContainText('멤버');
    await members.add(DEMO.iam.name, ['멤버', '조회자']);
    await expect(page.getByTestId('project-member-form')).toBeHidden();
    await expect(members.row(DEMO.iam.userCode)).toContainText('IAM 계정');

    // ADMIN with another role is refused next to the roles, before any call.
    await members.startModifying(DEMO.member.email);
    await members.toggleRoles(['관리자']);
    await members.submitForm();
    await expect(page.getByTestId('project-member-form')).toContainText('ADMIN 역할은 다른 프로젝트 역할과 함께 지정할 수 없습니다.');
    await members.toggleRoles(['관리자', '멤버', '조회자']);
    await members.submitForm();
    await expect(page.getByTestId('project-member-form')).toBeHidden();
    await expect(members.row(DEMO.member.email)).toContainText('조회자');

    // The sole ADMIN keeps ADMIN: the API's 10012, translated, in the form.
    await members.startModifying(DEMO.owner.email);
    await members.toggleRoles(['관리자', '멤버']);
    await members.submitForm();
    await expect(members.formError()).toContainText('프로젝트에는 ADMIN이 한 명 이상 있어야 합니다.');
    await page.getByTestId('project-member-cancel').click();

    await members.remove(DEMO.member.email);
    await expect(members.row(DEMO.member.email)).toHaveCount(0);
  });
});
