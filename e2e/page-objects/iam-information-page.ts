import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../a11y.ts';

/** /iam-information: the signed-in IAM account's own information. */
export class IamInformationPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async expectShownFor(userCode: string, orgName: string) {
    await expect(this.page.getByTestId('iam-information')).toBeVisible();
    await expect(this.page.getByTestId('iam-information-user-code')).toHaveText(userCode);
    await expect(this.page.getByTestId('iam-information-org')).toHaveText(orgName);
    await expectAccessible(this.page);
  }

  account() {
    return this.page.getByTestId('iam-information');
  }

  /** What a cloud member sees there: the page is for IAM accounts. */
  notIamNotice() {
    return this.page.getByTestId('iam-information-not-iam');
  }
}
