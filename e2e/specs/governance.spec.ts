import { createOrganizationThroughApi, DEMO, expect, signInThroughApi, test, uniqueName } from '../fixtures.ts';
import { expectAccessible } from '../a11y.ts';
import { GovernancePage } from '../page-objects/governance-page.ts';

/**
 * Governance as a new owner would use it: the overseas access block needs a country; an IP ACL
 * that leaves out the owner's own address is warned about and needs the organization's name
 * typed; once saved, the API refuses the owner (-8) and the IP error page shows the address; the
 * OWNER's break-glass code (dev outbox) turns the rule off again.
 */
test('country rule form, then an IP ACL that locks the owner out: warned, confirmed, refused, and lifted with break-glass', async ({ page }) => {
  // One flow through two forms, a dialog, the error page and the outbox: allowed the slow-test time on a busy runner.
  test.slow();
  // Signed in and an organization of its own through the API (the home page's form is not the subject).
  await signInThroughApi(page, 'owner');
  const orgName = uniqueName('E2E Governance');
  const orgId = await createOrganizationThroughApi(page, orgName);
  const governance = new GovernancePage(page);
  await governance.open(orgId);

  // Overseas access block: USE needs at least one country (the server's message next to the field).
  await governance.setCountryRule([]);
  await governance.saveCountryRule();
  await expect(governance.countryRuleError()).toContainText(/허용할 국가를 하나 이상|at least one allowed country/);
  await governance.setCountryRule(['KR']);
  await governance.saveCountryRule();
  // The owner calls from a private address (no country): not locked out, so no warning; saved.
  await expect(page.getByTestId('toast')).toBeVisible();

  // An IP ACL without the owner's address: the warning names them and wants the name typed.
  await governance.setIpAcl('10.255.0.0/16');
  await governance.saveIpAcl();
  const dialog = governance.lockoutDialog();
  await expect(dialog.getByTestId('lockout-self')).toBeVisible();
  await expect(dialog.getByTestId('lockout-members')).toContainText(DEMO.owner.email);
  await expectAccessible(page, 'lockout warning');
  await expect(dialog.getByTestId('lockout-confirm')).toBeDisabled();
  await dialog.getByTestId('lockout-confirm-input').locator('input').fill(orgName);
  await dialog.getByTestId('lockout-confirm').click();

  // Saved: the next call of the page is refused by the server and the IP error page shows the address.
  await expect(page).toHaveURL(/\/error\/ip-acl/);
  await expect(page.getByTestId('error-client-ip')).toContainText(/127\.0\.0\.1|::1/);
  await expect(page.getByTestId('ip-acl-retry')).toBeVisible();

  // Break-glass: the OWNER asks for a code, reads it in the dev outbox, and lifts the rules.
  await page.getByTestId('break-glass-panel').getByRole('button').first().click();
  // Codes already in the owner's outbox (another spec, or an earlier try, on this worker's server) are not this one.
  const codesIn = async () => {
    const outbox = await page.request.get('/api/console/v1/dev-outbox?page=1&limit=20');
    const mails = ((await outbox.json()) as { mails?: { text: string; orgId: string | null }[] }).mails ?? [];
    return mails.map((mail) => ({ orgId: mail.orgId, code: /[:：] ?(\d{8})/.exec(mail.text)?.[1] ?? '' })).filter((mail) => mail.code);
  };
  const earlier = new Set((await codesIn()).map((mail) => mail.code));
  await page.getByTestId('break-glass-ask').click();
  await expect(page.getByTestId('break-glass-code')).toBeVisible();
  // The mail job sends it a moment later: the owner's own outbox (the organization's is behind the ACL now).
  let code = '';
  await expect
    .poll(
      async () => {
        const fresh = (await codesIn()).filter((mail) => !earlier.has(mail.code));
        code = (fresh.find((mail) => mail.orgId === orgId) ?? fresh[0])?.code ?? '';
        return code;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\d{8}$/);
  await page.getByTestId('break-glass-code').locator('input').fill(code);
  await page.getByTestId('break-glass-use').click();
  await expect(page).toHaveURL(new RegExp(`/org/${orgId}/governance$`));
  await expect(page.getByTestId('break-glass-events')).toContainText(/IP ACL/);

  // The audit log holds the break-glass code's request and use, naming the rule it lifted.
  await page.goto(`/org/${orgId}/audit`);
  await expect(page.getByTestId('audit-table').getByTestId('audit-break-glass').first()).toContainText(/IP ACL/);
  // And the rules themselves, saved with the rule set before and after.
  await expect(page.getByTestId('audit-table')).toContainText('cab.saveIpAcl');
  await expect(page.getByTestId('audit-table')).toContainText('cab.saveCountryIpAcl');
  await expect(page.getByTestId('audit-table')).toContainText('10.255.0.0/16');
});
