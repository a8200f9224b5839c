import { stat } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO } from '../fixtures.ts';
import { ConsoleShell } from '../page-objects/console-shell.ts';
import { ImportPage } from '../page-objects/import-pages.ts';
import { LoginPage } from '../page-objects/login-page.ts';
import { IamAccountsTab, OrgMembersPage } from '../page-objects/member-pages.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

test.describe('organization members from a spreadsheet, in Korean', () => {
  test('the owner uploads a filled template with a bad row, fixes it in the table, re-validates, imports and finds the new members', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const login = new LoginPage(page);
    await login.open();
    await login.signInAsMember(DEMO.owner.email, DEMO.password);
    const shell = new ConsoleShell(page);
    await shell.expectSignedInAs(DEMO.owner.name);
    await shell.switchToOrganization(DEMO.orgName);
    const members = new OrgMembersPage(page);
    await members.openFromSideNavigation('멤버 관리');

    const imports = new ImportPage(page);
    await imports.openFromOrgMembers();

    const id = unique();
    const iamId = `imp-${id}`;
    const invited = `imported-${id}@example.com`;
    const fixed = `fixed-${id}@example.com`;
    // Columns of the ORG_MEMBER template: member type, email, roles, IAM ID, name.
    const file = await imports.filledTemplate('ORG_MEMBER', [
      ['IAM', `iam-${id}@example.com`, '', iamId, 'Import One'],
      ['TOAST_CLOUD', invited, 'MEMBER', '', ''],
      ['TOAST_CLOUD', 'not-an-email', 'MEMBER', '', ''],
      ['TOAST_CLOUD', DEMO.admin.email, 'MEMBER', '', ''],
      ['TOAST_CLOUD', invited, 'MEMBER', '', ''],
    ]);
    await imports.chooseFile('members.xlsx', file);
    await imports.validate();

    // The dry run: row 4's email is marked with its message in Korean; row 5 is already a member;
    // row 6 repeats row 3 and is added once.
    await expect(imports.count('total')).toHaveText('5');
    await expect(imports.count('ready')).toHaveText('2');
    await expect(imports.count('skipped')).toHaveText('2');
    await expect(imports.count('invalid')).toHaveText('1');
    await expect(imports.cell(4, 'email')).toHaveAttribute('data-invalid', 'true');
    await expect(imports.cellError(4, 'email')).toHaveText('이메일 형식이 올바르지 않습니다.');
    await expect(imports.rowResult(4)).toContainText('데이터 형식이 올바르지 않습니다.');
    await expect(imports.rowResult(5)).toContainText('이미 등록된 데이터입니다.');
    await expect(imports.rowResult(6)).toContainText('중복된 데이터입니다.');

    // Fixed in the browser: Import waits for the re-validation.
    await imports.fixCell(4, 'email', '4행의 이메일 수정', fixed, '저장');
    await expect(imports.rowResult(4)).toContainText('변경됨, 아직 확인 안 됨');
    await expect(imports.importButton()).toBeDisabled();
    await imports.revalidate();
    await expect(imports.count('invalid')).toHaveText('0');
    await expect(imports.count('ready')).toHaveText('3');
    await expect(imports.cell(4, 'email')).not.toHaveAttribute('data-invalid', 'true');

    await imports.startImport();
    await imports.expectCompleted();
    await expect(imports.result('total')).toHaveText('5');
    await expect(imports.result('registered')).toHaveText('3');
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
    await expect(iam.row(iamId)).toContainText('Import One');
  });
});
