import { DEMO, expect, test } from '../fixtures.ts';
import { OrgMembersPage } from '../page-objects/member-pages.ts';
import { OrgSettingsPage } from '../page-objects/organization-pages.ts';
import { ProjectSettingsPage } from '../page-objects/project-pages.ts';
import { RolesPage } from '../page-objects/roles-page.ts';

test.describe('permissions in the console', () => {
  test.use({ signedInAs: 'member' });

  test('a MEMBER sees the organization actions disabled, each naming the role that allows it, and is told who may see the members', async ({ page, shell }) => {
    await shell.switchToOrganization(DEMO.orgName);
    await page.getByTestId('org-manage').click();
    const settings = new OrgSettingsPage(page);
    await expect(page.getByTestId('org-setting-page')).toBeVisible();

    await expect(settings.deleteButton()).toBeVisible();
    await expect(settings.deleteButton()).toHaveAttribute('aria-disabled', 'true');
    await expect(settings.deleteButton()).toHaveAccessibleDescription('소유자 역할이 필요합니다.');
    await expect(await settings.disabledReasonOf(settings.deleteButton())).toHaveText('소유자 역할이 필요합니다.');
    await expect(page.getByTestId('org-delete-reason')).toHaveText('소유자 역할이 필요합니다.');

    await expect(page.getByTestId('org-setting-read-only')).toContainText('설정을 볼 수는 있지만 변경할 수는 없습니다.');
    await expect(settings.renameInput()).toBeDisabled();
    await expect(settings.renameButton()).toHaveAccessibleDescription('다음 역할 중 하나가 필요합니다: 관리자 또는 소유자.');
    // Transferring the ownership is the OWNER's (was ownership.spec's second test: the same page, the same MEMBER).
    await expect(settings.transferOwnershipButton()).toHaveAttribute('aria-disabled', 'true');
    await expect(settings.transferOwnershipButton()).toHaveAccessibleDescription('소유자 역할이 필요합니다.');

    // The members page says which roles may see the members, without the permission modal (was members.spec's second test).
    await new OrgMembersPage(page).openFromSideNavigation('멤버 관리');
    await expect(page.getByTestId('org-members-denied')).toContainText('다음 역할 중 하나가 필요합니다: 관리자 또는 소유자.');
    await expect(page.getByTestId('permission-error-modal')).toHaveCount(0);

    await shell.openMyRoles();
    const roles = new RolesPage(page);
    await expect(roles.organizationRow(DEMO.orgName)).toContainText('멤버');
    await roles.showProjects();
    await expect(roles.projectRow('Web Service')).toContainText('멤버');

    // In a project where they are a MEMBER, deleting it names the project and organization roles that allow it.
    await roles.projectRow('Web Service').getByRole('link', { name: 'Web Service' }).click();
    const projectSettings = new ProjectSettingsPage(page);
    await projectSettings.openFromDashboard();
    await expect(projectSettings.deleteButton()).toHaveAttribute('aria-disabled', 'true');
    await expect(projectSettings.deleteButton()).toHaveAccessibleDescription(
      '다음 역할 중 하나가 필요합니다: 관리자(프로젝트), 소유자(프로젝트), 관리자(조직) 또는 소유자(조직).',
    );
  });
});
