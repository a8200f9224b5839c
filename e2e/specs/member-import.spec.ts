import { stat } from 'node:fs/promises';
import { DEMO, expect, signInAs, test } from '../fixtures.ts';
import { ImportPage } from '../page-objects/import-pages.ts';
import { IamAccountsTab, OrgMembersPage } from '../page-objects/member-pages.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

test.describe('organization members from a spreadsheet, in Korean', () => {
  test('the owner uploads a filled template with bad rows, fixes them in the table (Enter saves, Escape cancels), re-validates, imports and finds the new members', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const shell = await signInAs(page, 'owner');
    await shell.switchToOrganization(DEMO.orgName);
    const members = new OrgMembersPage(page);
    await members.openFromSideNavigation('멤버 관리');

    const imports = new ImportPage(page);
    await imports.openFromOrgMembers();

    const id = unique();
    const iamId = `imp-${id}`;
    const longNameId = `imp-long-${id}`;
    const invited = `imported-${id}@example.com`;
    const fixed = `fixed-${id}@example.com`;
    // Columns of the ORG_MEMBER template: member type, email, roles, IAM ID, name. The member type
    // is a code or its display name.
    const file = await imports.filledTemplate('ORG_MEMBER', [
      ['IAM', `iam-${id}@example.com`, '', iamId, 'Import.One'],
      ['클라우드 계정', invited, 'MEMBER', '', ''],
      ['TOAST_CLOUD', 'not-an-email', 'MEMBER', '', ''],
      ['TOAST_CLOUD', DEMO.admin.email, 'MEMBER', '', ''],
      ['TOAST_CLOUD', invited, 'MEMBER', '', ''],
      ['IAM 계정', `long-${id}@example.com`, '', longNameId, 'n'.repeat(41)],
    ]);
    await imports.chooseFile('members.xlsx', file);
    await imports.validate();

    // The dry run: row 4's email and row 7's name are marked with the rule each breaks, in Korean;
    // row 5 is already a member; row 6 repeats row 3 and is added once.
    await expect(imports.count('total')).toHaveText('6');
    await expect(imports.count('ready')).toHaveText('2');
    await expect(imports.count('skipped')).toHaveText('2');
    await expect(imports.count('invalid')).toHaveText('2');
    await expect(imports.cell(4, 'email')).toHaveAttribute('data-invalid', 'true');
    await expect(imports.cellError(4, 'email')).toHaveText('이메일 형식이 올바르지 않습니다.');
    await expect(imports.cellError(7, 'name')).toHaveText('40자 이하로 입력해 주세요.');
    await expect(imports.rowResult(4)).toContainText('데이터 형식이 올바르지 않습니다.');
    await expect(imports.rowResult(5)).toContainText('이미 등록된 데이터입니다.');
    await expect(imports.rowResult(6)).toContainText('중복된 데이터입니다.');

    // Fixed in the browser, from the keyboard: Enter saves, Escape cancels. Import waits for the
    // re-validation.
    await imports.fixCellWithEnter(4, 'email', '4행의 이메일 수정', fixed);
    await expect(imports.rowResult(4)).toContainText('변경됨, 아직 확인 안 됨');
    await expect(imports.importButton()).toBeDisabled();
    await imports.typeAndCancel(7, 'name', '7행의 이름 수정', 'Cancelled.Name');
    // A fix still being typed when Re-validate is pressed is kept.
    await imports.typeIntoCell(7, 'name', '7행의 이름 수정', 'Long.Fixed');
    await imports.revalidate();
    await expect(imports.count('invalid')).toHaveText('0');
    await expect(imports.count('ready')).toHaveText('4');
    await expect(imports.cell(4, 'email')).toHaveText(fixed);
    await expect(imports.cell(4, 'email')).not.toHaveAttribute('data-invalid', 'true');
    await expect(imports.cell(7, 'name')).toHaveText('Long.Fixed');

    await imports.startImport();
    await imports.expectCompleted();
    await expect(imports.result('total')).toHaveText('6');
    await expect(imports.result('registered')).toHaveText('4');
    await expect(imports.failRow(5)).toContainText('이미 등록된 데이터입니다.');
    await expect(imports.failRow(6)).toContainText('중복된 데이터입니다.');
    // The report: a spreadsheet of the rows not registered, with the reasons.
    const report = await imports.downloadReport();
    expect(report.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await stat(await report.path())).size).toBeGreaterThan(0);

    // The new members: invitations for the cloud rows, an IAM account for the IAM row.
    await imports.backToList();
    await expect(page.getByTestId('org-members-page')).toBeVisible();
    await members.showInvitations();
    await expect(members.invitationRow(invited)).toContainText('진행 중');
    await expect(members.invitationRow(fixed)).toContainText('진행 중');
    const iam = new IamAccountsTab(page);
    await iam.open();
    await expect(iam.row(iamId)).toContainText('Import.One');
    await expect(iam.row(longNameId)).toContainText('Long.Fixed');
  });
});
