import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect as baseExpect, signInAs, test, uniqueDomain, uniqueName } from '../fixtures.ts';
import { LoginPage } from '../page-objects/login-page.ts';
import { sessionFetch } from '../session-call.ts';

/** Waits sized for a shared, loaded machine (the pages themselves answer in a second or two when idle). */
const expect = baseExpect.configure({ timeout: 30_000 });

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) of a base32 secret: what an authenticator app shows now. */
function totpNow(secret: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of secret.replace(/\s/g, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const digest = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const code = ((digest[offset]! & 0x7f) << 24) | (digest[offset + 1]! << 16) | (digest[offset + 2]! << 8) | digest[offset + 3]!;
  return String(code % 1_000_000).padStart(6, '0');
}

/** A call of the signed-in page's session (cookies of the browser, its CSRF token echoed). */
async function api(page: Page, method: 'POST' | 'PUT', url: string, data: object) {
  const response = await sessionFetch(page, method, url, data);
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

test.describe('sign-in security of IAM accounts', () => {
  test('the owner turns on TOTP and a password policy; the IAM account enrols, signs in with a code and has a weak password refused', async ({ page, browser }) => {
    // About 30 s on an idle machine; the margin is for a shared, loaded one.
    test.setTimeout(180_000);
    // An organization of its own, so the demo organization's sign-in stays as other specs expect it.
    await signInAs(page, 'owner');
    const domain = uniqueDomain('sec');
    const { org } = await api(page, 'POST', '/api/cab/v5/organizations', { org: { orgName: uniqueName('Security') } });
    await api(page, 'POST', `/api/cab/v5/organizations/${org.orgId}/domains`, { domainName: domain });
    const account = { userCode: 'totp.person', name: 'TOTP.Person', password: 'Totp-Start#2026' };
    await api(page, 'POST', `/api/iam/v4/organizations/${org.orgId}/members`, {
      members: [{ userCode: account.userCode, name: account.name, emailAddress: `totp-${domain}@example.com`, password: account.password }],
    });

    // The settings page: two-step verification by authenticator app, a custom policy of at least 12 characters.
    await page.goto(`/org/${org.orgId}/setting/iam-security`);
    await expect(page.getByTestId('iam-security-page')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('mfa-type').getByRole('radio').nth(1).check();
    await page.getByTestId('mfa-save').click();
    // The lockout-safe editor: the account that has no authenticator yet is named before saving.
    const affected = page.getByRole('dialog').filter({ has: page.getByTestId('sign-in-lockout-members') });
    await expect(affected.getByTestId('sign-in-lockout-members')).toContainText(account.userCode);
    await affected.getByTestId('sign-in-lockout-confirm').click();
    await expect(page.getByTestId('toast').first()).toBeVisible();
    await page.getByTestId('password-policy-type').getByRole('radio').nth(1).check();
    await page.getByTestId('password-policy-min-length').fill('12');
    await page.getByTestId('password-policy-save').click();
    await expect(page.getByTestId('toast').last()).toBeVisible();

    // The IAM account signs in: the password, then the authenticator's enrolment (QR code and secret) and its code.
    // A context of its own (axe, run by the page objects, needs a page made from a context).
    const iamContext = await browser.newContext();
    const iamPage = await iamContext.newPage();
    const login = new LoginPage(iamPage);
    await login.open(`?domain=${domain}`);
    await login.signInAsIam(account.userCode, account.password);
    await expect(iamPage.getByTestId('sign-in-second-step')).toBeVisible({ timeout: 30_000 });
    await expect(iamPage.getByTestId('totp-qr')).toBeVisible();
    const secret = (await iamPage.getByTestId('totp-secret').textContent())!.trim();
    await iamPage.getByTestId('sign-in-code').fill('000000');
    await iamPage.getByTestId('sign-in-code-submit').click();
    await expect(iamPage.getByTestId('sign-in-code-error').first()).toBeVisible();
    await iamPage.getByTestId('sign-in-code').fill(totpNow(secret));
    await iamPage.getByTestId('sign-in-code-submit').click();
    await expect(iamPage.getByTestId('my-menu')).toHaveText(account.name);

    // The policy's rules are shown; a password shorter than 12 is refused next to the field.
    await iamPage.goto('/login-security');
    await expect(iamPage.getByTestId('password-policy-rules')).toContainText('12');
    await iamPage.getByTestId('password-change-current').fill(account.password);
    await iamPage.getByTestId('password-change-password').fill('Weak-pass1!');
    await iamPage.getByTestId('password-change-password-confirm').fill('Weak-pass1!');
    await iamPage.getByTestId('password-change-submit').click();
    await expect(iamPage.getByTestId('password-change-form')).toContainText(/12~15|12 to 15|12～15|12 到 15/);
    await expect(iamPage.getByTestId('own-sessions')).toBeVisible();
    await iamContext.close();

    // The owner finds each step in the organization's audit log: the two rules, the wrong and the right code, the refused password.
    await page.goto(`/org/${org.orgId}/audit`);
    const table = page.getByTestId('audit-table');
    for (const action of ['signInSecurity.updateMfa', 'signInSecurity.updatePasswordRule', 'auth.iamLogin', 'auth.verifySignInCode', 'signInSecurity.changeOwnPassword']) {
      await expect(table).toContainText(action);
    }
    await expect(table).toContainText('20013');
    await expect(table).toContainText('10001');
  });
});
