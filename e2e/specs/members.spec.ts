import { DEMO, expect, signInAs, test } from '../fixtures.ts';
import { OrgMembersPage } from '../page-objects/member-pages.ts';

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}@example.com`;

test.describe('organization members, in Korean', () => {
  test('the owner invites by email: field rules, an existing member refused next to the field, the invitation cancelled', async ({
    page,
  }) => {
    const shell = await signInAs(page, 'owner');
    await shell.switchToOrganization(DEMO.orgName);
    const members = new OrgMembersPage(page);
    await members.openFromSideNavigation('멤버 관리');

    await expect(members.memberRow(DEMO.admin.email)).toContainText('관리자');
    await expect(members.memberRow(DEMO.owner.email)).toContainText('정상');
    await members.searchMembers('billing');
    await expect(members.memberRow(DEMO.billing.email)).toBeVisible();
    await expect(members.memberRow(DEMO.admin.email)).toHaveCount(0);

    const invite = await members.startInviting();
    await invite.email(0).fill('not-an-email');
    await invite.email(0).blur();
    await invite.expectEmailError(0, '이메일 형식이 올바르지 않습니다.');
    const email = uniqueEmail('invited');
    await invite.email(0).fill(email);
    await invite.addEmailField();
    await invite.email(1).fill(DEMO.member.email);
    await invite.submit();
    await invite.expectEmailError(1, '이미 조직 멤버로 추가된 사용자입니다.');

    await page.getByTestId('org-invite-email-remove-1').click();
    await invite.submit();
    await expect(page).toHaveURL(/\/member\?tab=invitations$/);
    await expect(members.invitationRow(email)).toContainText('진행 중');

    await members.selectInvitation(email);
    await members.cancelSelectedInvitation();
    await expect(page.getByTestId('toast').first()).toContainText(email);
    await expect(members.invitationRow(email)).toHaveCount(0);
  });

  // A MEMBER is told which roles may see the members: permissions.spec.ts (the MEMBER's tour of the organization's pages).
});
